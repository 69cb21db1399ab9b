import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { AppError } from '../errors/app-error.ts';

/**
 * Bodies of the JSON surfaces (`/rpc`, `/auth`, `/control`, `/api`) past `REQUEST_MAX_BYTES`: 413
 * `request.tooLarge`, decided by `Content-Length` before anything is read, else while a chunked body streams,
 * so a 100 MB body never sits in memory.
 */
export function jsonBodyLimit(maxBytes: number): MiddlewareHandler {
  return bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new AppError('request.tooLarge', {
        message: `The request body is larger than ${maxBytes} bytes.`,
        details: [{ key: 'request.tooLarge', params: { maxBytes } }],
      });
    },
  });
}
