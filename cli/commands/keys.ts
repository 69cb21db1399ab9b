import { createApiKey, parseDuration, type Role } from '../../core/auth/api-keys.ts';
import { createLinkToken } from '../../core/auth/sessions.ts';
import { AppError } from '../../core/errors/app-error.ts';
import { permissions as knownPermissions, rolePermissions } from '../../core/rpc/permissions.ts';
import { withServices } from './shared.ts';

interface KeyOptions {
  space: string;
  permissions: string;
  role: Role;
  expires?: string;
  name?: string;
  /** A studio address: also print a one-time sign-in link for the new key (10 minutes). */
  signInLink?: string;
}

/** A typo in a permission would make a key that can do less than meant, silently: refuse it instead. */
function checkedPermissions(options: KeyOptions): string[] {
  if (!(options.role in rolePermissions)) {
    throw new AppError('validation.failed', {
      message: `--role: "${options.role}" is not one of ${Object.keys(rolePermissions).join(', ')}`,
    });
  }
  const list = options.permissions
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const unknown = list.filter((p) => !(knownPermissions as readonly string[]).includes(p));
  if (unknown.length) {
    throw new AppError('validation.failed', {
      message: `--permissions: unknown ${unknown.join(', ')} (known: ${knownPermissions.join(', ')})`,
    });
  }
  return list;
}

export async function keysCreateCommand(options: KeyOptions): Promise<void> {
  const permissions = checkedPermissions(options);
  await withServices(async ({ db }) => {
    let spaceIds: string[] | undefined;
    if (options.space !== '*') {
      const names = options.space.split(',').map((s) => s.trim());
      const res = await db.query<{ id: string; name: string }>(
        'select id, name from spaces where name = any($1::text[]) or id::text = any($1::text[])',
        [names],
      );
      const missing = names.filter((n) => !res.rows.some((r) => r.name === n || r.id === n));
      if (missing.length)
        throw new AppError('space.notFound', { message: `no space named ${missing.join(', ')}` });
      spaceIds = res.rows.map((r) => r.id);
    }
    const expiresAt = options.expires ? new Date(Date.now() + parseDuration(options.expires)) : null;
    const { id, token } = await createApiKey(db, {
      name: options.name,
      role: options.role,
      spaceIds,
      expiresAt,
      permissions,
    });
    process.stdout.write(`${token}\n`);
    if (options.signInLink) {
      const base = options.signInLink.replace(/\/+$/, '');
      const once = await createLinkToken(db, id);
      process.stdout.write(`${base}/auth/link?token=${once}\n`);
    }
  });
}
