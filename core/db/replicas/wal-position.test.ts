import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  chooseReplica,
  isWalPosition,
  mayWrite,
  replicaLagMs,
  replicaMayAnswer,
  walPosition,
  walText,
} from './wal-position.ts';

const u32 = fc.integer({ min: 0, max: 0xffffffff });
const position = fc.tuple(u32, u32).map(([hi, lo]) => (BigInt(hi) << 32n) | BigInt(lo));
const replica = fc.record({ replayed: position, usable: fc.boolean() });

describe('WAL positions', () => {
  it('reads X/Y as a 64-bit number, and prints it back', () => {
    expect(walPosition('0/0')).toBe(0n);
    expect(walPosition('1/0')).toBe(1n << 32n);
    expect(walPosition('0/FFFFFFFF')).toBe(0xffffffffn);
    expect(walPosition('16/B374D848')).toBe(0x16b374d848n);
    expect(walText(0x16b374d848n)).toBe('16/B374D848');
    for (const bad of ['', '0', '0/', '/0', '1/2/3', 'G/0', '123456789/0', ' 0/1', 7, null, undefined])
      expect(walPosition(bad), String(bad)).toBeUndefined();
    fc.assert(fc.property(position, (p) => walPosition(walText(p)) === p && isWalPosition(walText(p))));
  });

  it('orders positions as numbers, where their texts (or doubles past 2^53) do not', () => {
    expect(walPosition('0/FFFFFF')! < walPosition('1/0')!).toBe(true);
    expect('0/FFFFFF' < '1/0').toBe(true);
    expect(walPosition('A/0')! > walPosition('9/FFFFFFFF')!).toBe(true);
    expect('A/0' > '9/FFFFFFFF').toBe(true);
    expect(walPosition('10/0')! > walPosition('9/0')!).toBe(true);
    expect('10/0' > '9/0').toBe(false);
    fc.assert(
      fc.property(u32, u32, u32, u32, (h1, l1, h2, l2) => {
        const a = walPosition(`${h1.toString(16)}/${l1.toString(16)}`)!;
        const b = walPosition(`${h2.toString(16)}/${l2.toString(16)}`)!;
        const expected = h1 !== h2 ? h1 < h2 : l1 < l2;
        return a < b === expected;
      }),
    );
  });
});

describe('the routing rule', () => {
  it('sends a read to a usable replica that has replayed the required position, else to the primary', () => {
    fc.assert(
      fc.property(position, fc.array(replica, { maxLength: 5 }), fc.nat(), (required, replicas, turn) => {
        const i = chooseReplica(required, replicas, turn);
        const eligible = replicas.some((r) => r.usable && r.replayed >= required);
        if (i === -1) return !eligible;
        const r = replicas[i]!;
        return r.usable && r.replayed >= required;
      }),
    );
  });

  it('never sends a read to a replica one byte behind the required position', () => {
    fc.assert(
      fc.property(
        position.filter((p) => p > 0n),
        fc.nat(),
        (required, turn) => {
          return chooseReplica(required, [{ replayed: required - 1n, usable: true }], turn) === -1;
        },
      ),
    );
    expect(chooseReplica(5n, [{ replayed: 5n, usable: true }], 0)).toBe(0);
    expect(chooseReplica(5n, [{ replayed: 9n, usable: false }], 0)).toBe(-1);
  });

  it('spreads reads over the replicas that qualify, in turn', () => {
    const all = [
      { replayed: 9n, usable: true },
      { replayed: 9n, usable: true },
      { replayed: 1n, usable: true },
    ];
    const picked = [0, 1, 2, 3].map((turn) => chooseReplica(5n, all, turn));
    expect(picked).toEqual([0, 1, 0, 0]);
  });

  it('measures lag from samples of the primary position', () => {
    const samples = [
      { at: 1000, position: 10n },
      { at: 2000, position: 20n },
      { at: 3000, position: 30n },
    ];
    expect(replicaLagMs(30n, samples, 3100)).toBe(0);
    // Has the first sample's position, not the second's: behind since the second was taken.
    expect(replicaLagMs(15n, samples, 3100)).toBe(1100);
    expect(replicaLagMs(5n, samples, 3100)).toBe(2100);
    expect(replicaLagMs(5n, [], 3100)).toBe(0);
  });

  it('lets a replica answer plain reads only', () => {
    expect(replicaMayAnswer('select * from documents where id = $1')).toBe(true);
    expect(replicaMayAnswer('  WITH x as (select 1) select * from x')).toBe(true);
    expect(replicaMayAnswer('select updated_at, deleted from t')).toBe(true);
    for (const sql of [
      'insert into t values (1)',
      'with d as (delete from t returning *) select * from d',
      'select * from t for update',
      'select * from jobs for no key update skip locked',
      "select nextval('s')",
      'select pg_try_advisory_lock(1)',
      'select pg_current_wal_lsn()',
      "select pg_notify('c', 'p')",
      'update t set a = 1',
    ])
      expect(replicaMayAnswer(sql), sql).toBe(false);
    expect(mayWrite('update t set a = 1')).toBe(true);
    expect(mayWrite('with d as (delete from t returning *) select * from d')).toBe(true);
    expect(mayWrite('select pg_try_advisory_lock(1)')).toBe(false);
  });
});
