import type { ApiPrincipal } from '../auth/api-keys.ts';
import type { Queryable } from '../db/types.ts';

/** Who acted: an API key (a studio session acts as its key), or Verso itself (`system:<part>`, e.g. the scheduler). */
export type Actor = ApiPrincipal | { system: string };

/** The actor as audit entries and scheduled actions write it: `apiKey:<id> (<name>)` or `system:<part>`. */
export function actorName(actor: Actor): string {
  if ('system' in actor) return `system:${actor.system}`;
  return `apiKey:${actor.keyId}${actor.name ? ` (${actor.name})` : ''}`;
}

export interface AuditEntry {
  principal: Actor;
  action: string;
  spaceId?: string | null;
  target?: string | null;
  details?: Record<string, unknown>;
}

const secretName = /pass(word)?|secret|token|hash|apikey|authorization/i;

/**
 * Removes secrets from what is written to an audit entry: a field whose name looks secret keeps only whether
 * it was set (`"[set]"`) or removed (`"[removed]"`), never its value.
 */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = secretName.test(k)
      ? v === null || v === undefined || v === ''
        ? '[removed]'
        : '[set]'
      : withoutSecrets(v);
  }
  return out;
}

/** Who did what, when: one row per successful management call. */
export async function writeAudit(db: Queryable, entry: AuditEntry): Promise<void> {
  await db.query(
    'insert into audit_entries (actor, action, space_id, target, details) values ($1, $2, $3, $4, $5)',
    [
      actorName(entry.principal),
      entry.action,
      entry.spaceId ?? null,
      entry.target ?? null,
      JSON.stringify(withoutSecrets(entry.details ?? {})),
    ],
  );
}
