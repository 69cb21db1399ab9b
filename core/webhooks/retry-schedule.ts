/**
 * The waits before each retry, as multiples of `WEBHOOK_RETRY_BASE_MS` (5 s): 5 s, 30 s, 2 min, 10 min,
 * 30 min, 1 h, 2 h, 4 h, 8 h, 8 h. With the first attempt that makes 11 attempts over 23 h 42 min; when the
 * last one fails and the hook has not succeeded since the delivery began, the hook is disabled.
 */
export const retryFactors = [1, 6, 24, 120, 360, 720, 1440, 2880, 5760, 5760] as const;

export function retryDelaysMs(baseMs: number): number[] {
  return retryFactors.map((f) => f * baseMs);
}
