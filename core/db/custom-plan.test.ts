import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/databases.ts';
import { CUSTOM_PLAN, inlineValues } from './custom-plan.ts';
import type { Db } from './types.ts';

describe('inlineValues', () => {
  const quote = pg.escapeLiteral;

  it('spells each parameter as a quoted literal, $10 apart from $1', () => {
    const values = ['a', 2, 3, 4, 5, 6, 7, 8, 9, 'ten'];
    expect(inlineValues('select $1::text, $10::text, $2::int', values, quote)).toBe(
      "select 'a'::text, 'ten'::text, '2'::int",
    );
  });

  it('escapes quotes and backslashes, in strings and in array elements', () => {
    // One backslash in the value: doubled in the literal (pg writes an E'' string for it).
    expect(inlineValues('select $1', ["it's \\ here"], quote)).toBe(String.raw`select  E'it''s \\ here'`);
    // In an array element a quote and a backslash are escaped by a backslash, which the literal then doubles.
    expect(inlineValues('select $1::text[]', [['a"b', 'c\\d', null]], quote)).toBe(
      String.raw`select  E'{"a\\"b","c\\\\d",NULL}'::text[]`,
    );
  });

  it('gives null, dates and objects as pg would send them, and refuses bytes and nested arrays', () => {
    expect(inlineValues('select $1, $2, $3', [null, new Date(0), { a: 1 }], quote)).toBe(
      `select null, '1970-01-01T00:00:00.000Z', '{"a":1}'`,
    );
    expect(inlineValues('select $1', [Buffer.from('x')], quote)).toBeUndefined();
    expect(inlineValues('select $1', [[['a']]], quote)).toBeUndefined();
    // A statement's text cannot carry a NUL: such a value stays a parameter, which PostgreSQL refuses itself.
    expect(inlineValues('select $1', ['a\u0000b'], quote)).toBeUndefined();
    expect(inlineValues('select $1::text[]', [['a\u0000b']], quote)).toBeUndefined();
  });
});

describe.each(testDatabases())('statements on $kind', ({ kind, open }) => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await open());
  });
  afterAll(() => drop());

  const values = [
    'O\'Brien \\ "quoted"',
    ['x', "it's", 'back\\slash', 'dq"', null, '{brace}', 'comma,here', ''],
    25,
    new Date('2026-01-02T03:04:05.678Z'),
    { k: ["v'1"] },
    null,
    true,
  ];
  const sql = `select $1::text as a, $2::text[] as b, $3::int as c, $4::timestamptz as d, $5::jsonb as e,
    $6::text as f, $7::boolean as g`;

  it('reads the same values whether spelled in the text or sent as parameters', async () => {
    const spelled = await db.query(CUSTOM_PLAN + sql, values);
    const sent = await db.query(sql, values);
    expect(spelled.rows).toEqual(sent.rows);
    expect(sent.rows[0]).toMatchObject({ a: values[0], b: values[1], c: 25, e: values[4], f: null, g: true });
  });

  it('plans every parameterized statement generically on pooled PostgreSQL connections only', async () => {
    const res = await db.query<{ mode: string }>(`select current_setting('plan_cache_mode') as mode`);
    // PGlite (one embedded connection, for development) keeps PostgreSQL's own choice.
    expect(res.rows[0]?.mode).toBe(kind === 'pg' ? 'force_generic_plan' : 'auto');
  });
});
