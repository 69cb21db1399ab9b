/**
 * Authoring (issue 36): `content.update` then `content.publish` of one document, one call at a time as an editor
 * saves and publishes, against a management process beside a website and a public one (PostgreSQL and Redis, as an
 * operator scales by role: every purge waits for the other processes' acknowledgements). Measures each procedure's
 * answer over HTTP. Run by bench/run.ts in the largest space of the size curve (`--only authoring`).
 */
import { loadConfig } from '../core/config/index.ts';
import { openDb } from '../core/db/open.ts';
import { editorAccess } from './editor-access.ts';
import { growDocuments } from './generate-documents.ts';
import { quantiles } from './publish.ts';
import { POST } from './render-curve.ts';
import { adminUrl, log, redisUrl } from './settings.ts';
import { checkpointed, setUp } from './setup.ts';
import { threeRoles } from './three-roles.ts';

export interface AuthoringTimings {
  pairs: number;
  warmUp: number;
  update: { p50: number; p99: number };
  publish: { p50: number; p99: number };
}

/** Authoring timings and the space they were taken in. */
export interface AuthoringPoint {
  /** Published documents in the space. */
  documents: number;
  /** Generated posts among them. */
  generated: number;
  timings: AuthoringTimings;
}

export const AUTHORING_WARM_UP = 50;
export const AUTHORING_PAIRS = 300;

/** `env`: a migrated database with the demo imported (DATABASE_URL) and REDIS_URL. */
export async function authoringTimings(
  env: Record<string, string>,
  post: string,
  pairs = AUTHORING_PAIRS,
  warmUp = AUTHORING_WARM_UP,
): Promise<AuthoringTimings> {
  const roles = await threeRoles(env, 'authoring');
  try {
    const management = roles.management;
    const { key, id } = await editorAccess(roles.env, post);
    interface Answer {
      revision?: number;
      locales?: Record<string, { published: { fields: Record<string, unknown> } | null }>;
    }
    const call = async (name: string, input: Record<string, unknown>) => {
      const start = performance.now();
      const res = await fetch(`http://127.0.0.1:${management}/rpc/${name}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ space: 'demo', ...input }),
      });
      const body = (await res.json()) as Answer;
      const ms = performance.now() - start;
      if (res.status !== 200) throw new Error(`${name} answered ${res.status}: ${JSON.stringify(body)}`);
      return { ms, body };
    };
    // `fields` replaces the draft's fields as a whole: the published ones with one field changed, as an editor saves.
    const current = (await call('content.get', { id })).body;
    let revision = current.revision!;
    const fields = current.locales?.en?.published?.fields ?? {};
    const updates: number[] = [];
    const publishes: number[] = [];
    for (let i = 0; i < warmUp + pairs; i++) {
      const update = await call('content.update', {
        id,
        locale: 'en',
        revision,
        title: `Bench title ${i}`,
        fields: { ...fields, excerpt: `Saved as draft ${i}.` },
      });
      revision = update.body.revision!;
      const publish = await call('content.publish', { id, locale: 'en' });
      if (typeof publish.body.revision === 'number') revision = publish.body.revision;
      if (i < warmUp) continue;
      updates.push(update.ms);
      publishes.push(publish.ms);
    }
    return { pairs, warmUp, update: quantiles(updates), publish: quantiles(publishes) };
  } finally {
    await roles.stop();
  }
}

/** Authoring in a grown space `env` (REDIS_URL added here), after a checkpoint, as the size curve's last step. */
export async function authoringIn(
  env: Record<string, string>,
  documents: number,
  generated: number,
): Promise<AuthoringPoint> {
  await checkpointed(env, 'the authoring timings');
  const timings = await authoringTimings({ ...env, REDIS_URL: redisUrl! }, POST);
  log(
    `authoring at ${documents}: update p50 ${timings.update.p50} ms, publish p50 ${timings.publish.p50} ms`,
  );
  return { documents, generated, timings };
}

/** `--only authoring`: the demo grown to `size` documents, and authoring in it; nothing else (PostgreSQL and Redis). */
export async function authoringAt(size: number): Promise<AuthoringPoint | undefined> {
  if (!adminUrl || !redisUrl) {
    log('authoring needs DATABASE_URL and REDIS_URL: skipped');
    return undefined;
  }
  const { env, cleanup } = await setUp();
  try {
    const db = await openDb(loadConfig(env));
    let documents: number;
    try {
      await growDocuments(db, size);
      const count = await db.query<{ n: string }>(
        `select count(distinct document_id)::text as n from document_versions where state = 'published'`,
      );
      documents = Number(count.rows[0]!.n);
    } finally {
      await db.close();
    }
    return await authoringIn(env, documents, size);
  } finally {
    await cleanup();
  }
}
