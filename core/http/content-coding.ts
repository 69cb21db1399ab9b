import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The content codings Verso sends (RFC 9110 §8.4.1); identity is the absence of one. */
export type Coding = 'br' | 'gzip';

/** Bodies smaller than this go out as they are: a coding's header and framing eat most of what it saves. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * Bodies made per request (not kept) are compressed on the fly only up to this size: at the cheap levels below
 * a 100 KB answer takes about 0.1 ms, a megabyte some 1.5 ms of the loop on every request.
 */
export const ON_THE_FLY_MAX_BYTES = 1024 * 1024;

const { BROTLI_PARAM_QUALITY, BROTLI_PARAM_SIZE_HINT } = constants;

/**
 * The levels, measured on delivery JSON (docs/performance.md, "Compressed answers"). Kept (an entry of the
 * tagged cache or a page, compressed once and sent many times): gzip 6 (zlib's default) and brotli 5, each
 * about 0.1 ms for 23 KB; brotli 9 saves 3 % more for 40 times the time, 11 saves 13 % for 200 times (20 ms for
 * 23 KB, 330 ms for 430 KB, all of it on the event loop). On the fly (an answer that is not kept): gzip 1 and
 * brotli 3, about 0.03 ms for 23 KB.
 */
const LEVELS = {
  kept: { gzip: 6, br: 5 },
  onTheFly: { gzip: 1, br: 3 },
} as const;

export type Effort = keyof typeof LEVELS;

/** The body in a coding, at the level of `effort`. Synchronous: a few tenths of a millisecond at most. */
export function compress(body: Uint8Array, coding: Coding, effort: Effort): Buffer<ArrayBuffer> {
  const level = LEVELS[effort][coding];
  if (coding === 'gzip') return gzipSync(body, { level }) as Buffer<ArrayBuffer>;
  return brotliCompressSync(body, {
    params: { [BROTLI_PARAM_QUALITY]: level, [BROTLI_PARAM_SIZE_HINT]: body.byteLength },
  }) as Buffer<ArrayBuffer>;
}

/** The weight (`q`) of each coding an `Accept-Encoding` names, `*` and `identity` included (RFC 9110 §12.5.3). */
function weights(header: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.split(';');
    let coding = name!.trim().toLowerCase();
    if (coding === '') continue;
    // "x-gzip" is to be read as "gzip" (RFC 9110 §8.4.1.3).
    if (coding === 'x-gzip') coding = 'gzip';
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split('=');
      if (key?.trim().toLowerCase() !== 'q') continue;
      const n = Number(value?.trim());
      // A malformed weight refuses the coding rather than guessing.
      q = Number.isFinite(n) && n >= 0 && n <= 1 ? n : 0;
    }
    // A coding named twice: the first mention holds.
    if (!out.has(coding)) out.set(coding, q);
  }
  return out;
}

/**
 * Which of `offered` (in the server's order of preference) to send for an `Accept-Encoding`, or undefined for
 * identity. A coding counts when named with a weight above 0, or covered by `*` with one; the highest weight
 * wins, ties go to the first offered. No header, an empty one, or nothing acceptable: identity. `identity`
 * named with a weight above the best coding's also gives identity (`identity;q=0` is not honoured with a
 * 406: these answers always have an identity form, and a client that refuses every coding gets it).
 */
function choose(header: string, offered: readonly Coding[]): Coding | undefined {
  const q = weights(header);
  const any = q.get('*');
  let best: Coding | undefined;
  let bestQ = 0;
  for (const coding of offered) {
    const weight = q.get(coding) ?? any ?? 0;
    if (weight > bestQ) {
      best = coding;
      bestQ = weight;
    }
  }
  const identity = q.get('identity');
  return identity !== undefined && identity > bestQ ? undefined : best;
}

/** The codings Verso offers, brotli first (smaller at the same cost). */
export const ALL_CODINGS: readonly Coding[] = ['br', 'gzip'];

const NONE = 'identity';
/** Clients send a handful of distinct headers: each is parsed once (bounded, oldest out first). */
const chosen = new Map<string, Coding | typeof NONE>();
const MAX_REMEMBERED = 256;

/** The coding to send for a request's `Accept-Encoding` among `offered` (default: brotli, then gzip). */
export function negotiateCoding(
  header: string | undefined,
  offered: readonly Coding[] = ALL_CODINGS,
): Coding | undefined {
  if (!header) return undefined;
  const memo = offered === ALL_CODINGS ? header : `${offered.join(',')}\n${header}`;
  let coding = chosen.get(memo);
  if (coding === undefined) {
    coding = choose(header, offered) ?? NONE;
    if (chosen.size >= MAX_REMEMBERED) chosen.delete(chosen.keys().next().value!);
    chosen.set(memo, coding);
  }
  return coding === NONE ? undefined : coding;
}

/** A body sent many times with its headers (a cached answer's 200), and its compressed forms once made. */
export interface KeptForms {
  bytes: Uint8Array<ArrayBuffer>;
  headers: Record<string, string>;
  coded?: Partial<Record<Coding, { bytes: Uint8Array<ArrayBuffer>; headers: Record<string, string> }>>;
}

/**
 * The form of a kept body to send for `Accept-Encoding`: identity under `COMPRESS_MIN_BYTES` or when the client
 * takes none of `offered`, else the body in the negotiated coding, compressed on its first request and kept in
 * `kept` (so once per cached entry and process), with `Content-Encoding` added to the headers. The headers must
 * already say `Vary: Accept-Encoding`, for every form alike.
 */
export function keptForm(
  kept: KeptForms,
  acceptEncoding: string | undefined,
  offered: readonly Coding[] = ALL_CODINGS,
): { bytes: Uint8Array<ArrayBuffer>; headers: Record<string, string> } {
  if (kept.bytes.byteLength < COMPRESS_MIN_BYTES) return kept;
  const coding = negotiateCoding(acceptEncoding, offered);
  if (!coding) return kept;
  kept.coded ??= {};
  let form = kept.coded[coding];
  if (!form) {
    form = {
      bytes: compress(kept.bytes, coding, 'kept'),
      headers: { ...kept.headers, 'Content-Encoding': coding },
    };
    kept.coded[coding] = form;
  }
  return form;
}

/**
 * A body made for one request (not kept): compressed at the cheap levels for the negotiated coding when it is
 * between `COMPRESS_MIN_BYTES` and `ON_THE_FLY_MAX_BYTES`, else as it is (`coding` undefined).
 */
export function onTheFly(
  body: Uint8Array<ArrayBuffer>,
  acceptEncoding: string | undefined,
): { bytes: Uint8Array<ArrayBuffer>; coding?: Coding } {
  const size = body.byteLength;
  const coding =
    size >= COMPRESS_MIN_BYTES && size <= ON_THE_FLY_MAX_BYTES ? negotiateCoding(acceptEncoding) : undefined;
  return coding ? { bytes: compress(body, coding, 'onTheFly'), coding } : { bytes: body };
}
