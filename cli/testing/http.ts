import { request } from 'node:http';

/** Small HTTP helpers for tests against real processes. */
export interface Answer {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: answers are read as plain JSON
  body: any;
  text: string;
}

async function answer(res: Response): Promise<Answer> {
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: res.status, headers: res.headers, body, text };
}

export const get = async (url: string, headers: Record<string, string> = {}) =>
  answer(await fetch(url, { headers }));

/** A GET with a `Host` header of our choosing (fetch refuses to set it): how a site process is addressed. */
export function getAs(host: string, url: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { host } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => {
        const headers = new Headers();
        for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') headers.set(k, v);
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          body = undefined;
        }
        resolve({ status: res.statusCode ?? 0, headers, body, text });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** `POST /rpc/<name>` on a management process. */
export const rpc = async (base: string, key: string, name: string, input: Record<string, unknown>) =>
  answer(
    await fetch(`${base}/rpc/${name}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ space: 'fixture', ...input }),
    }),
  );

export const graphql = async (base: string, query: string, headers: Record<string, string> = {}) =>
  answer(
    await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ query }),
    }),
  );

export const send = async (url: string, method: string, key: string, body?: unknown) =>
  answer(
    await fetch(url, {
      method,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  );

/** Polls `check` until it holds (for what travels asynchronously, such as PostgreSQL notifications). */
export async function eventually(
  check: () => Promise<boolean> | boolean,
  what: string,
  timeoutMs = 10_000,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The JSON log lines of a process's output. */
export function logLines(output: string): Array<Record<string, unknown> & { level: number; msg: string }> {
  return output
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .flatMap((l) => {
      try {
        return [JSON.parse(l)];
      } catch {
        return [];
      }
    });
}
