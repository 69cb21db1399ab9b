import { deriveKey, hmac, sameSignature } from './keys.ts';

/** The query parameter that carries a signed form result back to the page after a post without script. */
export const FORM_RESULT_PARAM = 'form-result';
const LIFETIME_MS = 10 * 60 * 1000;

/** `<nodeId>.<time>.<HMAC>`: the page shows the thank-you message of that form only with a valid result. */
export function signFormResult(
  authSecret: string,
  spaceId: string,
  nodeId: string,
  now = Date.now(),
): string {
  return `${nodeId}.${now}.${hmac(deriveKey(authSecret, 'form-result'), spaceId, nodeId, String(now))}`;
}

/** The form node id of a valid, recent result; null otherwise. */
export function verifyFormResult(
  authSecret: string,
  spaceId: string,
  value: string | undefined,
  now = Date.now(),
): string | null {
  const match = value ? /^([A-Za-z0-9_-]{1,64})\.(\d{10,16})\.([A-Za-z0-9_-]{43})$/.exec(value) : null;
  if (!match) return null;
  const [, nodeId, time, signature] = match as unknown as [string, string, string, string];
  if (now - Number(time) > LIFETIME_MS || Number(time) > now + 60_000) return null;
  return sameSignature(signature, hmac(deriveKey(authSecret, 'form-result'), spaceId, nodeId, time))
    ? nodeId
    : null;
}
