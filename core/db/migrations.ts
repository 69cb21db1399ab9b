import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { recomputeSearchText } from '../content/recompute-search-text.ts';
import { AppError } from '../errors/app-error.ts';
import type { Db, Queryable } from './types.ts';

export interface Migration {
  /** `<owner>/<file name>`, e.g. `core/0001_core.sql`; the order of application within an owner. */
  id: string;
  sql: string;
  /** What SQL alone cannot compute, run after `sql` in the same transaction (the content model's rules in TS). */
  then?: (tx: Queryable) => Promise<unknown>;
}

/** Reads `*.sql` files of a folder, in name order, as the migrations of `owner`. */
export function migrationsIn(folder: URL, owner: string): Migration[] {
  const dir = fileURLToPath(folder);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((file) => ({ id: `${owner}/${file}`, sql: readFileSync(`${dir}/${file}`, 'utf8') }));
}

/** Steps in code that follow a core migration's SQL, by file name. */
const coreSteps: Record<string, Migration['then']> = {
  // Search text written before 0012 holds non-public fields: computed anew by the same function as import's.
  '0012_search_public_only.sql': recomputeSearchText,
};

export const coreMigrations = (): Migration[] =>
  migrationsIn(new URL('./migrations/', import.meta.url), 'core').map((m) => {
    const then = coreSteps[m.id.slice('core/'.length)];
    return then ? { ...m, then } : m;
  });

const ledger = `create table if not exists verso_migrations (
  id text primary key,
  applied_at timestamptz not null default now()
)`;

async function appliedIds(db: Db): Promise<Set<string>> {
  const exists = await db.query<{ present: boolean }>(
    `select to_regclass('verso_migrations') is not null as present`,
  );
  if (!exists.rows[0]?.present) return new Set();
  const res = await db.query<{ id: string }>('select id from verso_migrations');
  return new Set(res.rows.map((r) => r.id));
}

export async function pendingMigrations(db: Db, migrations: Migration[]): Promise<Migration[]> {
  const applied = await appliedIds(db);
  return migrations.filter((m) => !applied.has(m.id));
}

/**
 * Applies what is missing, each migration in its own transaction, recorded in `verso_migrations`.
 * An advisory lock keeps two processes from migrating at once; a second run changes nothing.
 */
export async function migrate(db: Db, migrations: Migration[]): Promise<string[]> {
  await db.exec(ledger);
  const done: string[] = [];
  for (const m of await pendingMigrations(db, migrations)) {
    await db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock(7461202)');
      const again = await tx.query('select 1 from verso_migrations where id = $1', [m.id]);
      if (again.rowCount > 0) return;
      await tx.exec(m.sql);
      await m.then?.(tx);
      await tx.query('insert into verso_migrations (id) values ($1)', [m.id]);
      done.push(m.id);
    });
  }
  return done;
}

/** `verso serve` refuses a database that is behind: this names what is missing. */
export async function assertMigrated(db: Db, migrations: Migration[]): Promise<void> {
  const pending = await pendingMigrations(db, migrations);
  if (pending.length > 0) {
    throw new AppError('database.behind', {
      message: `The database is behind: ${pending.length} migration(s) not applied (${pending
        .map((m) => m.id)
        .join(', ')}). Run \`verso migrate\` first.`,
    });
  }
}
