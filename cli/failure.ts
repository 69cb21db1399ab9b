import { AppError } from '../core/errors/app-error.ts';

/**
 * The one line `verso` prints when a command fails: what went wrong and what to do about it, for the causes
 * a person can bring about (a database not running, not created, not migrated, a role without rights, a bad
 * login). No stack trace: `--debug` (or `LOG_LEVEL=debug`) adds it. docs/operations.md lists them.
 */
export function failureLine(err: unknown, env: NodeJS.ProcessEnv = process.env): string {
  const db = databaseOf(env);
  const code = codeIn(err);
  const text = messageIn(err);
  switch (code) {
    case '42P01':
      return `the database ${db} has no Verso tables yet (${text}): run \`verso migrate\` first`;
    case '3D000':
      return `the database ${db} does not exist: create it (createdb) or correct DATABASE_URL`;
    case '42501':
      return `the database role may not do this (${text}): run this command as the role that owns the schema (docs/deployment.md, "Database roles")`;
    case '28P01':
    case '28000':
      return `PostgreSQL refused the login to ${db} (${text}): correct the user or password in DATABASE_URL`;
    case 'ECONNREFUSED':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
      return `the database ${db} cannot be reached (${code}): start PostgreSQL there or correct DATABASE_URL`;
  }
  if (err instanceof AppError) {
    if (err.key === 'database.unavailable')
      return `the database ${db} cannot be reached${text === err.message ? '' : ` (${text})`}: start PostgreSQL there or correct DATABASE_URL`;
    return err.message;
  }
  return `unexpected failure: ${text} (run it again with --debug for the stack trace, and report it if it persists)`;
}

/** Where the database is, without its password: `postgres@127.0.0.1:5432/verso`, or the embedded one's folder. */
function databaseOf(env: NodeJS.ProcessEnv): string {
  const url = env.DATABASE_URL;
  if (!url) return `embedded in ${env.DATA_DIR || './.verso'}`;
  if (!URL.canParse(url)) return 'of DATABASE_URL';
  const u = new URL(url);
  const user = u.username ? `${decodeURIComponent(u.username)}@` : '';
  return `"${user}${u.host}${u.pathname}"`;
}

/** The first error code (PostgreSQL's SQLSTATE or a system error's) along the chain of causes. */
function codeIn(err: unknown): string | undefined {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    if (e instanceof AggregateError) {
      const inner = e.errors.map(codeIn).find(Boolean);
      if (inner) return inner;
    }
  }
  return undefined;
}

/** The innermost message along the chain of causes: the driver's own words, one line. */
function messageIn(err: unknown): string {
  let text = err instanceof Error ? err.message : String(err);
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++)
    if (e.message) text = e.message;
  return text.split('\n')[0]!.trim();
}
