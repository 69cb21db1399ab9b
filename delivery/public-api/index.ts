// The public API of `SERVER_MODE=public`: assembly, and the request's space for surfaces mounted after it.

export type { RestEnv } from '../rest/rest-routes.ts';
export { type PublicApi, type PublicApiOptions, publicApi } from './public-api.ts';
