import type { Db } from '../db/types.ts';
import type { Logger } from '../log.ts';

/** The PostgreSQL channel on which a registry reload reaches every process on the database. */
export const registryChannel = 'verso_registry';

/** Bumps the registry's schema version and tells every process on the database; resolves to the new version. */
export async function reloadRegistry(db: Db): Promise<number> {
  const res = await db.query<{ schema_version: number }>(
    'update registry_state set schema_version = schema_version + 1 returning schema_version',
  );
  const version = res.rows[0]!.schema_version;
  await db.notify(registryChannel, String(version));
  return version;
}

export interface WatchRegistryArgs {
  db: Db;
  log: Logger;
  /** Runs once per new schema version, in this process. */
  onReload(version: number): Promise<void> | void;
  /**
   * A notification lost with a dropped connection is caught by reading the version this often (a cheap
   * one-row read). 0 turns the check off.
   */
  pollMs?: number;
}

/**
 * Follows registry reloads from any process: `LISTEN verso_registry`, plus a periodic read of the version in
 * case a notification was missed. Each version is handled once. Resolves to a function that stops watching.
 */
export async function watchRegistry(args: WatchRegistryArgs): Promise<() => Promise<void>> {
  const current = await args.db.query<{ schema_version: number }>(
    'select schema_version from registry_state',
  );
  let seen = current.rows[0]?.schema_version ?? 0;
  let chain = Promise.resolve();
  const handle = (version: number) => {
    if (!Number.isInteger(version) || version <= seen) return;
    seen = version;
    chain = chain
      .then(() => args.onReload(version))
      .catch((err: unknown) => args.log.error({ err, version }, 'registry reload failed in this process'));
  };
  const unlisten = await args.db.listen(registryChannel, (payload) => handle(Number(payload)));
  const pollMs = args.pollMs ?? 30_000;
  const timer =
    pollMs > 0
      ? setInterval(() => {
          args.db
            .query<{ schema_version: number }>('select schema_version from registry_state')
            .then((res) => handle(res.rows[0]?.schema_version ?? 0))
            .catch(() => {});
        }, pollMs)
      : undefined;
  timer?.unref();
  return async () => {
    if (timer) clearInterval(timer);
    await unlisten();
    await chain;
  };
}
