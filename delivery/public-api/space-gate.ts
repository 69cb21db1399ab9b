import type { MiddlewareHandler } from 'hono';
import { AppError } from '../../core/errors/app-error.ts';
import { dependOn } from '../../core/http/fast-answers.ts';
import type { SpaceInfo } from '../reader/types.ts';
import type { RestEnv } from '../rest/rest-routes.ts';
import { type Resolution, resolveSpace } from './resolve-space.ts';
import type { SpaceDirectory } from './space-directory.ts';

/**
 * Sets the request's space before any route runs (REST, GraphQL, media alike). `/healthz` passes untouched;
 * `/readyz` answers on any host; everything else on an unknown API host is 404 `publicApi.host.unknown`,
 * and while no space is resolvable, 503 `publicApi.space.unresolved`.
 */
export function spaceGate(args: { directory: SpaceDirectory; pin?: string }): MiddlewareHandler<RestEnv> {
  let loaded = false;
  // Resolutions by Host header for the current list of spaces: the hot path allocates nothing.
  let memoFor: readonly SpaceInfo[] | undefined;
  let memo = new Map<string, Resolution>();
  const resolve = (host: string): Resolution => {
    const spaces = args.directory.current();
    if (spaces !== memoFor) {
      memoFor = spaces;
      memo = new Map();
    }
    let resolution = memo.get(host);
    if (!resolution) {
      resolution = resolveSpace(spaces, { pin: args.pin, host });
      if (memo.size < 1024) memo.set(host, resolution);
    }
    return resolution;
  };

  return async (c, next) => {
    if (c.req.path === '/healthz') return next();
    if (!loaded) {
      await args.directory.loaded;
      loaded = true;
    }
    const spaces = args.directory.current();
    const resolution = resolve(c.req.header('host') ?? '');
    if (resolution.kind === 'space') {
      c.set('space', resolution.space);
      // A replayed answer (core/http/fast-answers.ts) holds only while the list of spaces it was resolved with does.
      dependOn(c, () => args.directory.current() === spaces);
      return next();
    }
    if (resolution.kind === 'unknownHost') {
      if (c.req.path === '/readyz') return next();
      throw new AppError('publicApi.host.unknown', {
        details: [{ key: 'publicApi.host.unknown', params: { host: resolution.host } }],
      });
    }
    throw new AppError('publicApi.space.unresolved');
  };
}
