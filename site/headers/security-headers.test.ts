import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { EVERY_RESPONSE_HEADERS, securityHeaders } from './security-headers.ts';

describe('securityHeaders', () => {
  it('completes the headers of an answer that sets some of them itself (media sets nosniff)', async () => {
    const app = new Hono();
    app.use(securityHeaders());
    app.get('/media/x', (c) =>
      c.body('bytes', 200, { 'X-Content-Type-Options': 'nosniff', 'Content-Type': 'image/webp' }),
    );
    app.get('/plain', (c) => c.text('ok'));
    for (const path of ['/media/x', '/plain']) {
      const res = await app.request(path);
      for (const [name, value] of Object.entries(EVERY_RESPONSE_HEADERS)) {
        expect(res.headers.get(name), `${path} ${name}`).toBe(value);
      }
    }
  });
});
