import type { z } from 'zod';
import { AppError } from '../errors/app-error.ts';
import { type Scope, type ServerMode, type SettingName, settings } from './settings.ts';
import { shownValue } from './shown-value.ts';

type Settings = typeof settings;
type Parsed = { [K in SettingName]: z.output<Settings[K]['schema']> };

export interface Config extends Omit<Parsed, 'SCOPES' | 'PORT' | 'SITE_CACHE_TTL'> {
  SCOPES: Scope[];
  PORT: number;
  SITE_CACHE_TTL: number;
  /** true for `verso dev` and NODE_ENV=development: secrets may be generated, production warnings are quiet. */
  development: boolean;
}

const modeDefaults: Record<ServerMode, { scopes: Scope[]; port: number }> = {
  management: { scopes: ['rpc', 'auth', 'uploads', 'media', 'graphql', 'studio'], port: 3000 },
  public: { scopes: ['graphql', 'media'], port: 3100 },
  website: { scopes: ['media'], port: 3200 },
};

export function defaultScopes(mode: ServerMode): Scope[] {
  return [...modeDefaults[mode].scopes];
}

export function defaultPort(mode: ServerMode): number {
  return modeDefaults[mode].port;
}

/**
 * Reads the environment once. A bad value throws `config.invalid` (or the setting's own key) with a
 * message that names the variable, so the process stops before it serves anything.
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  options: { development?: boolean } = {},
): Config {
  const out: Record<string, unknown> = {};
  for (const [name, setting] of Object.entries(settings)) {
    const raw = env[name];
    const result = (setting.schema as z.ZodType).safeParse(raw === '' ? undefined : raw);
    if (!result.success) {
      const issue = result.error.issues[0];
      const secret = 'secret' in setting && setting.secret === true;
      const message = `${name}: ${issue?.message ?? 'invalid value'} (got ${shownValue(String(raw), secret)})`;
      const ownKey = issue?.message.startsWith('config.') ? issue.message.split(':')[0] : undefined;
      throw new AppError(ownKey ?? 'config.invalid', {
        message,
        details: [
          { key: 'config.invalid', path: name, params: { message: issue?.message ?? 'invalid value' } },
        ],
      });
    }
    out[name] = result.data;
  }
  const parsed = out as Parsed;
  const mode = parsed.SERVER_MODE;
  return {
    ...parsed,
    SCOPES: parsed.SCOPES ?? defaultScopes(mode),
    PORT: parsed.PORT ?? defaultPort(mode),
    SITE_CACHE_TTL: parsed.SITE_CACHE_TTL ?? parsed.CACHE_TTL,
    development: options.development ?? parsed.NODE_ENV === 'development',
  };
}
