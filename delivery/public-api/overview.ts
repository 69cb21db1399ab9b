import type { Scope } from '../../core/config/index.ts';
import type { SpaceInfo } from '../reader/types.ts';

/** `GET /`: what this public instance serves, and where (delivery-and-site.md, "Endpoints > REST"). */
export function serviceOverview(space: SpaceInfo, scopes: readonly Scope[]) {
  return {
    service: 'verso' as const,
    api: 'public' as const,
    space: {
      id: space.id,
      name: space.name,
      title: space.title,
      defaultLocale: space.defaultLocale,
      locales: space.locales,
    },
    surfaces: {
      rest: '/v1',
      ...(scopes.includes('graphql') ? { graphql: '/graphql' } : {}),
      ...(scopes.includes('media') ? { media: '/media' } : {}),
      openapi: '/openapi.json',
      types: '/v1/types',
      health: '/healthz',
      ready: '/readyz',
    },
  };
}
