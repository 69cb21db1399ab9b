import { createHash } from 'node:crypto';

export type EdgeKind = 'varnish' | 'fastly' | 'cloudflare';

/**
 * What each edge reads and the limits its tags must stay within (docs/deployment.md, "Edge caches"):
 * - Varnish (xkey, varnish-modules): keys separated by spaces in `xkey`; one response header line must fit
 *   `http_resp_hdr_len` (8 KB by default).
 * - Fastly: `Surrogate-Key`, space-separated; a key at most 1,024 bytes, the header at most 16,384 bytes.
 * - Cloudflare: `Cache-Tag`, comma-separated; a tag at most 1,024 characters, the header at most 16 KB in all.
 * We keep well under each (a margin for the other headers of the answer).
 */
export const edgeLimits: Record<
  EdgeKind,
  { header: string; separator: string; maxTag: number; maxHeader: number }
> = {
  varnish: { header: 'xkey', separator: ' ', maxTag: 256, maxHeader: 6000 },
  fastly: { header: 'Surrogate-Key', separator: ' ', maxTag: 1024, maxHeader: 14000 },
  cloudflare: { header: 'Cache-Tag', separator: ',', maxTag: 1024, maxHeader: 14000 },
};

/** A tag's short form: stable (the same in every process and every release), 12 characters, `~` first. */
export function shortTag(tag: string): string {
  return `~${createHash('sha256').update(tag).digest('base64url').slice(0, 11)}`;
}

/** Characters an edge may not take in a tag (separators, controls, non-ASCII): such a tag goes short. */
const UNSAFE = /[^\x21-\x2b\x2d-\x7e]/;

/**
 * The edge header of an answer's tags: each tag as it is while it is safe and short enough and the header
 * fits; otherwise every tag in its short form (so the header fits however many tags a page read). Purges send
 * both forms of each tag (`purgeKeys`), so either kind of answer is purged.
 */
export function edgeTagHeader(
  kind: EdgeKind,
  tags: Iterable<string>,
): { name: string; value: string } | undefined {
  const limit = edgeLimits[kind];
  const list = [...new Set(tags)].sort();
  if (list.length === 0) return undefined;
  const plain = list.map((t) => (t.length > limit.maxTag || UNSAFE.test(t) ? shortTag(t) : t));
  let value = plain.join(limit.separator);
  if (value.length > limit.maxHeader) value = [...new Set(list.map(shortTag))].join(limit.separator);
  return { name: limit.header, value };
}

/** The keys a purge of `tags` sends to an edge: each tag as it is (where an edge takes it) and its short form. */
export function purgeKeys(tags: Iterable<string>): string[] {
  const keys = new Set<string>();
  for (const tag of tags) {
    if (!UNSAFE.test(tag) && tag.length <= 256) keys.add(tag);
    keys.add(shortTag(tag));
  }
  return [...keys];
}

/** Chunks of at most `size` (purge APIs take a bounded number of keys per call). */
export function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * The header that tells the edge how long to keep an answer, so that browsers keep `Cache-Control` as it is:
 * Fastly and Varnish (the shipped VCL) read `Surrogate-Control` and strip it; Cloudflare reads
 * `CDN-Cache-Control`. Purges keep the edge current, so it may keep answers far longer than `s-maxage`.
 */
export function edgeTtlHeader(kind: EdgeKind, ttlSeconds: number, staleSeconds: number): [string, string] {
  const value = `max-age=${ttlSeconds}, stale-while-revalidate=${staleSeconds}`;
  return kind === 'cloudflare' ? ['CDN-Cache-Control', value] : ['Surrogate-Control', value];
}

/** An answer an edge may keep: public, a shared lifetime (`s-maxage`, else `max-age`) above 0, no cookie set. */
export function sharedCacheable(cacheControl: string | null, setsCookie: boolean): boolean {
  if (!cacheControl || setsCookie) return false;
  const cc = cacheControl.toLowerCase();
  if (!/\bpublic\b/.test(cc) || /\b(private|no-store|no-cache)\b/.test(cc)) return false;
  const shared = /\bs-maxage=(\d+)/.exec(cc) ?? /\bmax-age=(\d+)/.exec(cc);
  return shared !== null && Number(shared[1]) > 0;
}
