import type { Context } from 'hono';
import type { z } from 'zod';
import { AppError } from '../errors/app-error.ts';

/** A zod failure as the API's error body: `validation.failed` with a `validation.invalid` detail per issue. */
export function validationError(error: z.ZodError): AppError {
  return new AppError('validation.failed', {
    details: error.issues.map((issue) => ({
      key: 'validation.invalid',
      path: issue.path.map(String).join('.') || '(root)',
      params: { message: issue.message },
    })),
  });
}

export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/** A request's JSON body (empty: `{}`); 400 `request.malformed` when it is not JSON. */
export async function readJsonBody(c: Context): Promise<unknown> {
  const body = await c.req.text();
  if (body.trim() === '') return {};
  try {
    return JSON.parse(body);
  } catch {
    throw new AppError('request.malformed', { message: 'The body is not JSON.' });
  }
}
