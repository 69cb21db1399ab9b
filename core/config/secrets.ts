import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppError } from '../errors/app-error.ts';
import type { Config } from './load.ts';

/**
 * `AUTH_SECRET`, or in development a secret generated once into `DATA_DIR/auth-secret` (kept across restarts
 * so cookies and media addresses stay valid). Production without it refuses to start.
 */
export function resolveAuthSecret(config: Pick<Config, 'AUTH_SECRET' | 'DATA_DIR' | 'development'>): string {
  if (config.AUTH_SECRET) return config.AUTH_SECRET;
  if (!config.development) {
    throw new AppError('config.invalid', {
      message:
        'AUTH_SECRET: required in production (at least 32 characters); set NODE_ENV=development to generate one',
    });
  }
  const file = join(config.DATA_DIR, 'auth-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(config.DATA_DIR, { recursive: true });
    const secret = randomBytes(32).toString('base64url');
    writeFileSync(file, `${secret}\n`, { mode: 0o600 });
    return secret;
  }
}
