import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadPlugins } from '../../cli/plugins.ts';
import { ErrorBody } from '../../delivery/rest/schemas.ts';
import { validationError } from '../rpc/validation.ts';
import { AppError, type ErrorDetail, toErrorBody } from './app-error.ts';
import { errorKeys } from './catalogue.ts';

// operations.md's error body: `details: [{ key, params, path? }]`, params always present (`{}` when none).
// The type requires `params`; these check the answer for every key, whatever the detail was built from.

loadPlugins({ website: true });

describe('error details', () => {
  it('carry params for every key of the catalogue (plugins included), {} when the detail had none', () => {
    const keys = errorKeys();
    expect(keys).toContain('upload.fileMissing');
    expect(keys).toContain('plugins.website.share.notFound');
    for (const key of keys) {
      // Past the type, as JSON or a plugin in JavaScript would build it.
      const bare = { key: 'validation.invalid', path: 'x' } as unknown as ErrorDetail;
      const withParams: ErrorDetail = { key, params: { message: 'm', max: 2 } };
      const nullParams = { key, params: null } as unknown as ErrorDetail;
      const body = toErrorBody(new AppError(key, { details: [bare, withParams, nullParams] }));
      expect(body.error.key, key).toBe(key);
      expect(body.error.details, key).toEqual([
        { key: 'validation.invalid', path: 'x', params: {} },
        { key, params: { message: 'm', max: 2 } },
        { key, params: {} },
      ]);
      // The published OpenAPI schema of the error body requires them too.
      expect(ErrorBody.safeParse(body).success, key).toBe(true);
    }
  });

  it('a detail without params does not match the published error body schema', () => {
    const body = toErrorBody(new AppError('validation.failed'));
    const bare = { error: { ...body.error, details: [{ key: 'validation.invalid', path: 'x' }] } };
    expect(ErrorBody.safeParse(bare).success).toBe(false);
  });

  it('input validation answers one validation.invalid detail per issue, each with params.message', () => {
    const parsed = z.strictObject({ a: z.number(), b: z.string() }).safeParse({ a: 'x', c: 1 });
    const body = toErrorBody(validationError(parsed.error!));
    expect(body.error.details.length).toBeGreaterThan(1);
    for (const detail of body.error.details) {
      expect(detail.key).toBe('validation.invalid');
      expect(detail.params.message).toEqual(expect.any(String));
    }
  });
});
