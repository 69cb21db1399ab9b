import type { SpaceInfo } from '../reader/types.ts';

/** Which space a request is for, or why there is none (delivery-and-site.md, point 10 and "Errors"). */
export type Resolution =
  | { kind: 'space'; space: SpaceInfo }
  | { kind: 'unknownHost'; host: string }
  | { kind: 'unresolved'; reason: string };

/** A `Host` header as the API hosts list holds it: lowercase, without port (`API.Demo.test:443` → `api.demo.test`). */
export function hostOf(header: string | undefined): string {
  const value = (header ?? '').trim().toLowerCase();
  if (value.startsWith('[')) return value.slice(0, value.indexOf(']') + 1);
  return value.replace(/:\d*$/, '');
}

/** The pinned space: by name, else by id. */
export function pinnedSpace(spaces: readonly SpaceInfo[], pin: string): SpaceInfo | undefined {
  return spaces.find((s) => s.name === pin) ?? spaces.find((s) => s.id === pin.toLowerCase());
}

/**
 * The three ways a public instance finds its space, in order: the `PUBLIC_SPACE` pin; else, when any space
 * has API hosts, the one whose hosts hold the request's host (an unknown host is refused); else the only
 * space. Anything else is unresolved.
 */
export function resolveSpace(
  spaces: readonly SpaceInfo[],
  request: { pin?: string; host?: string },
): Resolution {
  if (request.pin) {
    const space = pinnedSpace(spaces, request.pin);
    return space
      ? { kind: 'space', space }
      : { kind: 'unresolved', reason: `the pinned space "${request.pin}" does not exist` };
  }
  const hosted = spaces.filter((s) => s.apiHosts.length > 0);
  if (hosted.length > 0) {
    const host = hostOf(request.host);
    const space = hosted.find((s) => s.apiHosts.includes(host));
    return space ? { kind: 'space', space } : { kind: 'unknownHost', host };
  }
  if (spaces.length === 1) return { kind: 'space', space: spaces[0]! };
  return {
    kind: 'unresolved',
    reason:
      spaces.length === 0
        ? 'no space exists yet'
        : `${spaces.length} spaces exist, none is pinned (PUBLIC_SPACE) and none has API hosts`,
  };
}
