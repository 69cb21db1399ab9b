import { describe, expect, it } from 'vitest';
import type { SpaceInfo } from '../reader/types.ts';
import { hostOf, resolveSpace } from './resolve-space.ts';

const space = (name: string, id: string, apiHosts: string[] = []): SpaceInfo => ({
  id,
  name,
  title: name,
  defaultLocale: 'en',
  locales: ['en'],
  homeContentId: null,
  apiHosts,
  importRunning: false,
});
const a = space('alpha', '00000000-0000-4000-8000-00000000000a');
const b = space('beta', '00000000-0000-4000-8000-00000000000b', ['api.beta.test']);
const c = space('gamma', '00000000-0000-4000-8000-00000000000c');

describe('which space a public instance serves', () => {
  it('takes the pin by name or id, whatever else exists', () => {
    expect(resolveSpace([a, b, c], { pin: 'gamma', host: 'api.beta.test' })).toEqual({
      kind: 'space',
      space: c,
    });
    expect(resolveSpace([a, b], { pin: a.id.toUpperCase() })).toEqual({ kind: 'space', space: a });
    expect(resolveSpace([a], { pin: 'nope' }).kind).toBe('unresolved');
  });

  it('with API hosts, takes the space of the host (port stripped, any case) and refuses other hosts', () => {
    expect(resolveSpace([a, b], { host: 'API.beta.test:8443' })).toEqual({ kind: 'space', space: b });
    expect(resolveSpace([a, b], { host: 'localhost:3100' })).toEqual({
      kind: 'unknownHost',
      host: 'localhost',
    });
    expect(resolveSpace([b], { host: undefined }).kind).toBe('unknownHost');
  });

  it('else the only space; none or several are unresolved', () => {
    expect(resolveSpace([a], { host: 'anything' })).toEqual({ kind: 'space', space: a });
    expect(resolveSpace([], {})).toEqual({ kind: 'unresolved', reason: 'no space exists yet' });
    expect(resolveSpace([a, c], {}).kind).toBe('unresolved');
  });

  it('reads hosts without port, lowercased, IPv6 kept in brackets', () => {
    expect(hostOf('Example.ORG:80')).toBe('example.org');
    expect(hostOf('[::1]:3100')).toBe('[::1]');
    expect(hostOf(undefined)).toBe('');
  });
});
