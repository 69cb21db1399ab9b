import { deriveKey, hmac, sameSignature } from './keys.ts';

/** The query parameter that carries a signed form result back to the page after a post without script. */
export const FORM_RESULT_PARAM = 'form-result';
const LIFETIME_MS = 10 * 60 * 1000;

/**
 * `<nodeId>.<time>.<ok|error>.<HMAC>`: the page shows the thank-you (or error) message of that
 * form only with a valid, recent result; the outcome is signed, so nobody can link a page that
 * claims a submission went through.
 */
export function signFormResult(
  authSecret: string,
  spaceId: string,
  nodeId: string,
  now = Date.now(),
  ok = true,
): string {
  const outcome = ok ? 'ok' : 'error';
  const signature = hmac(deriveKey(authSecret, 'form-result'), spaceId, nodeId, String(now), outcome);
  return `${nodeId}.${now}.${outcome}.${signature}`;
}

/** The form node id and outcome of a valid, recent result; null otherwise. */
export function verifyFormOutcome(
  authSecret: string,
  spaceId: string,
  value: string | undefined,
  now = Date.now(),
): { nodeId: string; ok: boolean } | null {
  const match = value
    ? /^([A-Za-z0-9_-]{1,64})\.(\d{10,16})\.(ok|error)\.([A-Za-z0-9_-]{43})$/.exec(value)
    : null;
  if (!match) return null;
  const [, nodeId, time, outcome, signature] = match as unknown as [string, string, string, string, string];
  if (now - Number(time) > LIFETIME_MS || Number(time) > now + 60_000) return null;
  const expected = hmac(deriveKey(authSecret, 'form-result'), spaceId, nodeId, time, outcome);
  return sameSignature(signature, expected) ? { nodeId, ok: outcome === 'ok' } : null;
}

/** The form node id of a valid, recent result; null otherwise. */
export function verifyFormResult(
  authSecret: string,
  spaceId: string,
  value: string | undefined,
  now = Date.now(),
): string | null {
  return verifyFormOutcome(authSecret, spaceId, value, now)?.nodeId ?? null;
}
