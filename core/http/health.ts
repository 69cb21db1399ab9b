import { Hono } from 'hono';
import type { Db } from '../db/types.ts';

/** `/healthz` touches nothing; `/readyz` asks the database and reports the registry's schema version. */
export function healthRoutes(db: Db): Hono {
  const app = new Hono();
  app.get('/healthz', (c) => c.json({ status: 'ok' }, 200, { 'Cache-Control': 'no-store' }));
  app.get('/readyz', async (c) => {
    try {
      const res = await db.query<{ schema_version: number }>('select schema_version from registry_state');
      return c.json({ status: 'ready', schemaVersion: res.rows[0]?.schema_version ?? 0 }, 200, {
        'Cache-Control': 'no-store',
      });
    } catch {
      return c.json(
        {
          error: {
            key: 'database.unavailable',
            kind: 'unavailable',
            status: 503,
            message: 'The database cannot be reached.',
            details: [],
          },
        },
        503,
        { 'Cache-Control': 'no-store' },
      );
    }
  });
  return app;
}
