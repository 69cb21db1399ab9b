import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error.ts';
import { loadConfig } from './load.ts';
import { settings } from './settings.ts';

describe('loadConfig', () => {
  it('fills every default by mode', () => {
    const c = loadConfig({});
    expect(c.SERVER_MODE).toBe('management');
    expect(c.PORT).toBe(3000);
    expect(c.SCOPES).toEqual(['rpc', 'auth', 'uploads', 'media', 'graphql', 'studio']);
    expect(c.CACHE_TTL).toBe(300);
    expect(c.SITE_CACHE_TTL).toBe(300);
    expect(c.GRAPHQL_MAX_DEPTH).toBe(8);
    expect(c.GRAPHQL_MAX_COMPLEXITY).toBe(1000);
    expect(c.PUBLIC_GRAPHQL_INTROSPECTION).toBe(false);
    expect(c.DATA_DIR).toBe('./.verso');
    expect(c.DEV_PORTS).toEqual([3000, 3100, 3200]);
    expect(loadConfig({ SERVER_MODE: 'public' })).toMatchObject({ PORT: 3100, SCOPES: ['graphql', 'media'] });
    expect(loadConfig({ SERVER_MODE: 'website' })).toMatchObject({ PORT: 3200, SCOPES: ['media'] });
  });

  it('reads given values', () => {
    const c = loadConfig({
      CACHE_TTL: '60',
      SITE_CACHE_TTL: '30',
      SCOPES: 'media, uploads',
      PUBLIC_GRAPHQL_INTROSPECTION: 'true',
    });
    expect(c).toMatchObject({
      CACHE_TTL: 60,
      SITE_CACHE_TTL: 30,
      SCOPES: ['media', 'uploads'],
      PUBLIC_GRAPHQL_INTROSPECTION: true,
    });
    expect(c.EDITOR_ORIGIN).toBeUndefined();
    expect(loadConfig({ EDITOR_ORIGIN: 'https://a.test,https://b.test' }).EDITOR_ORIGIN).toEqual([
      'https://a.test',
      'https://b.test',
    ]);
    expect(
      loadConfig({ FORM_ORIGINS: 'https://site.pages.dev, http://localhost:8080/' }).FORM_ORIGINS,
    ).toEqual(['https://site.pages.dev', 'http://localhost:8080']);
    expect(loadConfig({ DEV_PORTS: '4000, 4100,4200' }).DEV_PORTS).toEqual([4000, 4100, 4200]);
  });

  it.each([
    ['PORT', 'eighty'],
    ['SERVER_MODE', 'everything'],
    ['SCOPES', 'media,teleport'],
    ['CACHE_TTL', '-1'],
    ['AUTH_SECRET', 'short'],
    ['DATABASE_URL', 'not a url'],
    ['LOG_LEVEL', 'loud'],
    ['FORM_ORIGINS', 'https://site.pages.dev/forms'],
    ['FORM_ORIGINS', 'site.pages.dev'],
    ['FORM_ORIGINS', 'ftp://site.pages.dev'],
    ['DEV_PORTS', '4000,4100'],
    ['DEV_PORTS', '4000,4000,4200'],
    ['DEV_PORTS', '4000,4100,70000'],
  ])('a bad %s stops the start with a message naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrowError(new RegExp(`^${name}: `));
  });

  it('a malformed TRUSTED_PROXIES entry answers config.server.trustedProxyInvalid', () => {
    let caught: unknown;
    try {
      loadConfig({ TRUSTED_PROXIES: '10.0.0.0/8, not-an-ip' });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(AppError);
    expect((caught as AppError).key).toBe('config.server.trustedProxyInvalid');
    expect((caught as AppError).message).toMatch(/^TRUSTED_PROXIES: .*not-an-ip/);
    expect(loadConfig({ TRUSTED_PROXIES: 'none' }).TRUSTED_PROXIES).toEqual({ kind: 'none' });
    expect(loadConfig({ TRUSTED_PROXIES: '10.0.0.1, 2001:db8::/32' }).TRUSTED_PROXIES?.kind).toBe('list');
  });

  it('a malformed METRICS_ALLOWED_IPS entry answers config.metrics.allowedIpsInvalid; the scope is never a default', () => {
    let caught: unknown;
    try {
      loadConfig({ METRICS_ALLOWED_IPS: '127.0.0.1, 10.0.0.0/99' });
    } catch (err) {
      caught = err;
    }
    expect((caught as AppError).key).toBe('config.metrics.allowedIpsInvalid');
    expect((caught as AppError).message).toMatch(/^METRICS_ALLOWED_IPS: /);
    expect(loadConfig({ METRICS_ALLOWED_IPS: '10.0.0.0/8' }).METRICS_ALLOWED_IPS?.kind).toBe('list');
    for (const mode of ['management', 'public', 'website'])
      expect(loadConfig({ SERVER_MODE: mode }).SCOPES).not.toContain('metrics');
  });

  const refusal = (env: Record<string, string>): string => {
    try {
      loadConfig(env);
    } catch (err) {
      return (err as AppError).message;
    }
    throw new Error(`${JSON.stringify(env)} was accepted`);
  };

  it('marks as secret every setting whose name says it holds one', () => {
    const marked = Object.entries(settings)
      .filter(([, s]) => 'secret' in s && s.secret === true)
      .map(([name]) => name);
    const named = Object.keys(settings).filter((name) => /SECRET|TOKEN|PASSWORD/.test(name));
    expect(marked.sort()).toEqual(named.sort());
  });

  // Every value a secret setting can refuse: the message names the variable and the length, never the value.
  const badSecretValues = ['abcdefghijklmnopqrstuvwxyz01234', 'tiny', ' ', 'x'.repeat(5)];
  it.each(Object.entries(settings).filter(([, s]) => 'secret' in s))(
    'a refused %s is shown by its length only',
    (name) => {
      let refused = 0;
      for (const value of badSecretValues) {
        let message: string;
        try {
          loadConfig({ [name]: value });
          continue;
        } catch (err) {
          message = (err as AppError).message;
        }
        refused++;
        expect(message).toMatch(new RegExp(`^${name}: `));
        expect(message).not.toContain(value.trim() || '\u0000');
        expect(message).toContain(`got ${[...value].length} characters, not shown`);
      }
      // Settings that refuse none of these take any non-empty value: nothing of them can reach a message.
      if (refused === 0) expect(loadConfig({ [name]: 'tiny' })).toHaveProperty(name, 'tiny');
    },
  );

  it('masks the password of a URL it refuses and says a scheme is needed', () => {
    const db = refusal({ DATABASE_URL: 'postgres://verso:hunter22@db host/verso' });
    expect(db).toMatch(/^DATABASE_URL: /);
    expect(db).not.toContain('hunter22');
    expect(db).toContain('postgres://verso:***@');
    const redis = refusal({ REDIS_URL: 'redis://:s3cret-pw@cache host:6379' });
    expect(redis).not.toContain('s3cret-pw');
    const edge = refusal({ EDGE_PURGE_URLS: 'http://127.0.0.1:16081, 127.0.0.1:16082' });
    expect(edge).toBe(
      'EDGE_PURGE_URLS: must be a URL with a scheme, such as http://127.0.0.1:6081 (got "http://127.0.0.1:16081, 127.0.0.1:16082")',
    );
  });
});
