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

/** `RateLimit-Policy` of a rule. */
export function ratePolicy(limit: number, windowSeconds: number): string {
  return `${limit};w=${windowSeconds}`;
}

export function rateLimitHeaders(
  state: RateState,
  refused: boolean,
  policy = ratePolicy(state.limit, state.windowSeconds),
): Record<string, string> {
  const headers: Record<string, string> = {
    'RateLimit-Policy': policy,
    RateLimit: `limit=${state.limit}, remaining=${state.remaining}, reset=${state.resetSeconds}`,
  };
  if (refused) headers['Retry-After'] = String(Math.max(1, state.resetSeconds));
  return headers;
}
