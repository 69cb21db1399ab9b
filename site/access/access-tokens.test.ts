import { describe, expect, it } from 'vitest';
import { ACCESS_LIFETIME_SECONDS, issueAccessCookie, verifyAccessCookie } from './access-cookie.ts';
import { signFormResult, verifyFormResult } from './form-result.ts';
import {
  checkFormStamp,
  formStamp,
  MIN_FILL_MS,
  STATIC_STAMP_MAX_AGE_MS,
  staticFormStamp,
} from './form-stamp.ts';
import { safeNextPath } from './next-path.ts';
import { shareCookieSeconds, signShareToken, verifyShareToken } from './share-token.ts';

const secret = 'a-test-secret-that-is-long-enough-0123456789';
const hash = '$argon2id$v=19$m=65536,t=3,p=4$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA';
const now = Date.UTC(2026, 10, 21);
/** Changes the last character, so a signature is always different from the original. */
const flipLast = (s: string) => `${s.slice(0, -1)}${s.endsWith('A') ? 'B' : 'A'}`;

describe('the site access cookie', () => {
  const cookie = issueAccessCookie(secret, 'space-a', hash, now);

  it('verifies for its space, password and lifetime of 30 days', () => {
    expect(cookie).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/);
    expect(Number(cookie.split('.')[0])).toBe(now / 1000 + ACCESS_LIFETIME_SECONDS);
    expect(verifyAccessCookie(secret, 'space-a', hash, cookie, now)).toBe(true);
    expect(
      verifyAccessCookie(secret, 'space-a', hash, cookie, now + (ACCESS_LIFETIME_SECONDS - 1) * 1000),
    ).toBe(true);
    expect(verifyAccessCookie(secret, 'space-a', hash, cookie, now + ACCESS_LIFETIME_SECONDS * 1000)).toBe(
      false,
    );
  });

  it('fails for another space, after a password change, with another secret, and when tampered', () => {
    expect(verifyAccessCookie(secret, 'space-b', hash, cookie, now)).toBe(false);
    expect(verifyAccessCookie(secret, 'space-a', `${hash}x`, cookie, now)).toBe(false);
    expect(verifyAccessCookie(`${secret}x`, 'space-a', hash, cookie, now)).toBe(false);
    const [expiry, sig] = cookie.split('.') as [string, string];
    expect(verifyAccessCookie(secret, 'space-a', hash, `${Number(expiry) + 3600}.${sig}`, now)).toBe(false);
    expect(verifyAccessCookie(secret, 'space-a', hash, `${expiry}.${flipLast(sig)}`, now)).toBe(false);
    expect(verifyAccessCookie(secret, 'space-a', hash, undefined, now)).toBe(false);
    expect(verifyAccessCookie(secret, 'space-a', hash, 'garbage', now)).toBe(false);
  });
});

describe('share tokens', () => {
  const token = signShareToken(secret, { s: 'space-a', e: 'production', d: 'doc-1', x: now / 1000 + 7200 });

  it('carry their payload and verify until expiry', () => {
    expect(verifyShareToken(secret, token, now)).toEqual({
      s: 'space-a',
      e: 'production',
      d: 'doc-1',
      x: now / 1000 + 7200,
    });
    expect(verifyShareToken(secret, token, now + 7200 * 1000)).toBeNull();
  });

  it('refuse tampering and another secret', () => {
    const [body, sig] = token.split('.') as [string, string];
    const forged = Buffer.from(
      JSON.stringify({ s: 'space-a', e: 'production', x: now / 1000 + 99999 }),
    ).toString('base64url');
    expect(verifyShareToken(secret, `${forged}.${sig}`, now)).toBeNull();
    expect(verifyShareToken(secret, `${body}.${flipLast(sig)}`, now)).toBeNull();
    expect(verifyShareToken(`${secret}x`, token, now)).toBeNull();
    expect(verifyShareToken(secret, 'x.y', now)).toBeNull();
  });

  it('give a cookie that lives as long as the link', () => {
    // As long as the link lives, not an hour.
    expect(shareCookieSeconds({ s: 'a', e: 'production', x: now / 1000 + 7 * 86400 }, now)).toBe(7 * 86400);
    expect(shareCookieSeconds({ s: 'a', e: 'production', x: now / 1000 + 120 }, now)).toBe(120);
  });
});

describe('form stamps and results', () => {
  it('refuse a post faster than a person, a forged stamp, and one of another form', () => {
    const stamp = formStamp(secret, 'space-a', 'page/contact/f1', now);
    expect(checkFormStamp(secret, 'space-a', 'page/contact/f1', stamp, now + MIN_FILL_MS)).toBe('ok');
    expect(checkFormStamp(secret, 'space-a', 'page/contact/f1', stamp, now + 500)).toBe('tooFast');
    expect(checkFormStamp(secret, 'space-a', 'page/contact/f2', stamp, now + MIN_FILL_MS)).toBe('invalid');
    expect(
      checkFormStamp(secret, 'space-a', 'page/contact/f1', `${now - 60_000}.${stamp.split('.')[1]}`, now),
    ).toBe('invalid');
    expect(checkFormStamp(secret, 'space-a', 'page/contact/f1', undefined, now)).toBe('invalid');
    expect(checkFormStamp(secret, 'space-a', 'page/contact/f1', stamp, now + 2 * 24 * 3600 * 1000)).toBe(
      'expired',
    );
  });

  it("of an exported page: no 'too fast', a longer life, and never passed off as a render stamp", () => {
    const ref = 'page/contact/f1';
    const stamp = staticFormStamp(secret, 'space-a', ref, now);
    expect(stamp.startsWith(`s${now}.`)).toBe(true);
    expect(checkFormStamp(secret, 'space-a', ref, stamp, now)).toBe('ok');
    expect(checkFormStamp(secret, 'space-a', ref, stamp, now + 300 * 24 * 3600 * 1000)).toBe('ok');
    expect(checkFormStamp(secret, 'space-a', ref, stamp, now + STATIC_STAMP_MAX_AGE_MS + 1)).toBe('expired');
    expect(checkFormStamp(secret, 'space-b', ref, stamp, now)).toBe('invalid');
    expect(checkFormStamp(secret, 'space-a', 'page/contact/f2', stamp, now)).toBe('invalid');
    expect(checkFormStamp(`${secret}x`, 'space-a', ref, stamp, now)).toBe('invalid');
    // Each kind is signed under its own key: neither turns into the other by its prefix.
    expect(checkFormStamp(secret, 'space-a', ref, stamp.slice(1), now + MIN_FILL_MS)).toBe('invalid');
    expect(checkFormStamp(secret, 'space-a', ref, `s${formStamp(secret, 'space-a', ref, now)}`, now)).toBe(
      'invalid',
    );
  });

  it('sign a result that names the form, briefly', () => {
    const result = signFormResult(secret, 'space-a', 'f1', now);
    expect(verifyFormResult(secret, 'space-a', result, now + 1000)).toBe('f1');
    expect(verifyFormResult(secret, 'space-b', result, now + 1000)).toBeNull();
    expect(verifyFormResult(secret, 'space-a', result, now + 11 * 60 * 1000)).toBeNull();
    expect(verifyFormResult(secret, 'space-a', result.replace('f1.', 'f2.'), now)).toBeNull();
  });
});

describe('the next path after the password form', () => {
  it.each([
    ['/blog/hello?x=1#top', '/blog/hello?x=1#top'],
    ['/', '/'],
    ['https://evil.test/', '/'],
    ['//evil.test/x', '/'],
    ['/\\evil.test', '/'],
    ['javascript:alert(1)', '/'],
    ['blog', '/'],
    ['/a\nb', '/'],
    // Dot segments that leave `//` once parsed: a browser would read another host.
    ['/.//evil.test', '/'],
    ['/a/..//evil.test', '/'],
    ['/%2F%2Fevil.test', '/%2F%2Fevil.test'],
    [undefined, '/'],
  ])('%s → %s', (next, expected) => {
    expect(safeNextPath(next)).toBe(expected);
  });
});
