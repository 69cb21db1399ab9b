/**
 * Management procedures from the studio: `POST /rpc/<name>` on its own origin with the session cookie
 * (no key in the page). A failure becomes an `RpcError` with the error body's message and the path of
 * its first detail, which the studio shows beside what the editor changed.
 */

export class RpcError extends Error {
  constructor(
    readonly status: number,
    readonly key: string,
    message: string,
    readonly path: string | null,
  ) {
    super(message);
    this.name = 'RpcError';
  }
}

interface ErrorBody {
  error?: {
    key?: string;
    message?: string;
    details?: Array<{ key?: string; path?: string; params?: unknown }>;
  };
}

/** The headers of the studio's JSON requests to its own origin. */
export const JSON_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json' };

export async function rpc<T = unknown>(name: string, input: Record<string, unknown>): Promise<T> {
  const response = await fetch(`/rpc/${name}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: JSON_HEADERS,
    body: JSON.stringify(input),
  });
  const body = (await response.json().catch(() => ({}))) as T & ErrorBody;
  if (!response.ok) {
    const e = body.error ?? {};
    const path = e.details?.find((d) => d.path)?.path ?? null;
    throw new RpcError(response.status, e.key ?? 'internal.error', e.message ?? response.statusText, path);
  }
  return body;
}

/** A list a procedure answers either bare or as `{ <name>: [...] }`. */
export function listOf<T>(body: unknown, name: string): T[] {
  if (Array.isArray(body)) return body as T[];
  const inner = (body as Record<string, unknown> | null)?.[name];
  return Array.isArray(inner) ? (inner as T[]) : [];
}

export function describeError(err: unknown): string {
  if (err instanceof RpcError) return err.path ? `${err.message} (at ${err.path})` : err.message;
  return err instanceof Error ? err.message : String(err);
}
