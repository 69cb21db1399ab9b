import { chunks, edgeLimits } from './edge-headers.ts';

/** Sends one purge of `keys` to an edge; throws (without secrets in the message) when the edge refuses. */
export interface EdgePurger {
  kind: 'varnish' | 'fastly' | 'cloudflare';
  send(keys: string[]): Promise<void>;
}

const TIMEOUT_MS = 5000;

async function expectOk(what: string, res: Promise<Response>): Promise<void> {
  let answer: Response;
  try {
    answer = await res;
  } catch (err) {
    throw new Error(
      `${what}: ${(err as Error).name === 'TimeoutError' ? 'no answer in time' : 'unreachable'}`,
    );
  }
  await answer.arrayBuffer().catch(() => undefined);
  if (!answer.ok) throw new Error(`${what}: HTTP ${answer.status}`);
}

/** Groups keys so that one header of them stays within `max` characters. */
function byHeaderLength(keys: string[], max: number): string[][] {
  const groups: string[][] = [];
  let current: string[] = [];
  let length = 0;
  for (const key of keys) {
    if (current.length && length + key.length + 1 > max) {
      groups.push(current);
      current = [];
      length = 0;
    }
    current.push(key);
    length += key.length + 1;
  }
  if (current.length) groups.push(current);
  return groups;
}

/**
 * Varnish with xkey (deploy/varnish/verso.vcl): `PURGE` with the keys, space-separated, in `xkey-purge`, to
 * every node; the VCL answers 200 with the number of objects purged.
 */
export function varnishPurger(urls: readonly string[]): EdgePurger {
  return {
    kind: 'varnish',
    async send(keys) {
      for (const group of byHeaderLength(keys, edgeLimits.varnish.maxHeader)) {
        await Promise.all(
          urls.map((url) =>
            expectOk(
              `varnish ${new URL(url).host}`,
              fetch(url, {
                method: 'PURGE',
                headers: { 'xkey-purge': group.join(' ') },
                signal: AbortSignal.timeout(TIMEOUT_MS),
              }),
            ),
          ),
        );
      }
    },
  };
}

/**
 * Fastly's purge by surrogate key (https://www.fastly.com/documentation/reference/api/purging/): `POST
 * /service/{service_id}/purge` with the keys in `Surrogate-Key` (at most 256 per call) and the token in
 * `Fastly-Key`.
 */
export function fastlyPurger(args: { serviceId: string; token: string; apiUrl: string }): EdgePurger {
  const url = `${args.apiUrl.replace(/\/$/, '')}/service/${encodeURIComponent(args.serviceId)}/purge`;
  return {
    kind: 'fastly',
    async send(keys) {
      for (const group of chunks(keys, 256)) {
        await expectOk(
          'fastly',
          fetch(url, {
            method: 'POST',
            headers: {
              'Fastly-Key': args.token,
              'Surrogate-Key': group.join(' '),
              Accept: 'application/json',
            },
            signal: AbortSignal.timeout(TIMEOUT_MS),
          }),
        );
      }
    },
  };
}

/**
 * Cloudflare's purge by cache tag (https://developers.cloudflare.com/api/resources/cache/methods/purge/):
 * `POST /zones/{zone_id}/purge_cache` with `{ "tags": [...] }` (at most 30 per call on every plan) and a
 * bearer API token.
 */
export function cloudflarePurger(args: { zoneId: string; token: string; apiUrl: string }): EdgePurger {
  const url = `${args.apiUrl.replace(/\/$/, '')}/zones/${encodeURIComponent(args.zoneId)}/purge_cache`;
  return {
    kind: 'cloudflare',
    async send(keys) {
      for (const group of chunks(keys, 30)) {
        await expectOk(
          'cloudflare',
          fetch(url, {
            method: 'POST',
            headers: { Authorization: `Bearer ${args.token}`, 'Content-Type': 'application/json' },
            body: JSON.stringify({ tags: group }),
            signal: AbortSignal.timeout(TIMEOUT_MS),
          }),
        );
      }
    },
  };
}
