/**
 * The headers of a limited answer (draft-ietf-httpapi-ratelimit-headers): the policy, what is left in the
 * current window and when it resets; a refusal adds `Retry-After`.
 */
export interface RateState {
  limit: number;
  windowSeconds: number;
  remaining: number;
  resetSeconds: number;
}

export function rateLimitHeaders(state: RateState, refused: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    'RateLimit-Policy': `${state.limit};w=${state.windowSeconds}`,
    RateLimit: `limit=${state.limit}, remaining=${state.remaining}, reset=${state.resetSeconds}`,
  };
  if (refused) headers['Retry-After'] = String(Math.max(1, state.resetSeconds));
  return headers;
}
