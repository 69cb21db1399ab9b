import type { Context } from 'hono';
import { type KeptForms, keptForm } from '../../core/http/content-coding.ts';
import { etagMatches, publicCacheControl } from './http-cache.ts';

/** How a kept answer (a REST or GraphQL entry of the tagged cache) is described for sending. */
export interface KeptAnswer {
  status: number;
  /** Null: not for shared caches (`no-store`, never 304), e.g. a cached "nothing here". */
  etag: string | null;
  contentType: string;
  /** What the answer varies on besides its address: `Accept-Encoding` at least. */
  vary: string;
  bytes: Uint8Array<ArrayBuffer>;
}

/**
 * What a kept answer is sent with for one lifetime: the 200's headers and bytes (with their compressed forms once
 * a client asked for one, core/http/content-coding.ts) and the 304's headers. Built once per answer object (the
 * tagged cache hands out the same one on every hit) and only ever read.
 */
interface Prepared {
  ttl: number;
  status: number;
  etag: string | null;
  ok: KeptForms;
  notModified: Record<string, string>;
}

const prepared = new WeakMap<object, Prepared>();

function prepare(answer: object, ttlSeconds: number, kept: KeptAnswer): Prepared {
  const { etag, status } = kept;
  const notModified: Record<string, string> =
    etag === null
      ? { 'Cache-Control': 'no-store', Vary: kept.vary }
      : { ETag: etag, 'Cache-Control': publicCacheControl(ttlSeconds), Vary: kept.vary };
  const ok = { bytes: kept.bytes, headers: { ...notModified, 'Content-Type': kept.contentType } };
  const p = { ttl: ttlSeconds, status, etag, ok, notModified };
  prepared.set(answer, p);
  return p;
}

/**
 * Sends `answer`, a value of the tagged cache that `describe` tells about (asked once per answer and lifetime):
 * 304 when `revalidate` and `If-None-Match` names its ETag, else its status in the form `Accept-Encoding` takes.
 * Every form carries the same weak ETag (docs/delivery-api.md, "Compression").
 */
export function sendKept<A extends object>(
  c: Context,
  answer: A,
  describe: (answer: A) => KeptAnswer,
  ttlSeconds: number,
  revalidate: boolean,
): Response {
  let p = prepared.get(answer);
  if (p?.ttl !== ttlSeconds) p = prepare(answer, ttlSeconds, describe(answer));
  if (revalidate && p.etag !== null && etagMatches(c.req.header('if-none-match'), p.etag))
    return c.body(null, 304, p.notModified);
  const form = keptForm(p.ok, c.req.header('accept-encoding'));
  return c.body(form.bytes, p.status as 200, form.headers);
}
