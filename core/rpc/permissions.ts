import type { ApiPrincipal, Role } from '../auth/api-keys.ts';

/**
 * The permissions procedures ask for. `website:code` (head and body code of a site) and `webhooks:manage` (where
 * a space's changes are sent) are held by default only by owners and admins; `control` (the operator's control
 * API) only by superadmins.
 */
export const permissions = [
  'space:read',
  'space:write',
  'website:code',
  'webhooks:manage',
  'registry:reload',
  'control',
] as const;
export type Permission = (typeof permissions)[number];

const editing: Permission[] = ['space:read', 'space:write'];
export const rolePermissions: Record<Role, readonly Permission[]> = {
  superadmin: permissions,
  owner: [...editing, 'website:code', 'webhooks:manage', 'registry:reload'],
  admin: [...editing, 'website:code', 'webhooks:manage', 'registry:reload'],
  editor: editing,
  viewer: ['space:read'],
};

/**
 * Whether a key holds a permission: its role must grant it, and a key limited to permissions must list it.
 * A limit binds every role, a superadmin's too.
 */
export function holds(principal: ApiPrincipal, permission: Permission): boolean {
  if (!rolePermissions[principal.role].includes(permission)) return false;
  return principal.permissions === null || principal.permissions.includes(permission);
}

/** Whether a key may act in a space: a key limited to spaces (any role, superadmin too) only in those. */
export function mayUseSpace(principal: ApiPrincipal, spaceId: string): boolean {
  return principal.spaceIds === null || principal.spaceIds.includes(spaceId);
}
