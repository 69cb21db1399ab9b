import { createHmac, randomBytes } from 'node:crypto';

/** A hook's secret as the Standard Webhooks libraries take it: `whsec_` and 32 random bytes in base64. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/**
 * The `webhook-signature` header of the Standard Webhooks specification: `v1,` and the base64 HMAC-SHA256,
 * under the secret's bytes, of `<webhook-id>.<webhook-timestamp>.<body>`.
 */
export function signatureHeader(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const mac = createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** The three headers of one attempt; the timestamp is the attempt's, so a retry is signed anew. */
export function signedHeaders(
  secret: string,
  id: string,
  body: string,
  now = new Date(),
): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  const ts = Math.floor(now.getTime() / 1000);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(ts),
    'webhook-signature': signatureHeader(secret, id, ts, body),
  };
}
