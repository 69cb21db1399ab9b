import type { Queryable } from '../../core/db/types.ts';
import { type WebsiteSettings, websiteSettingsSchema } from '../plugin/website-section-schema.ts';

/**
 * The production row of a space's website settings (`space_plugin_settings`, plugin `website`), with the
 * defaults filled in; `forUpdate` locks it for a change. A space imported without a website section has none:
 * it reads as the defaults and is created on the first change.
 */
export async function readWebsiteSettings(
  db: Queryable,
  spaceId: string,
  forUpdate = false,
): Promise<WebsiteSettings> {
  const res = await db.query<{ settings: Record<string, unknown> }>(
    `select settings from space_plugin_settings where space_id = $1 and plugin_id = 'website' and environment = 'production'${
      forUpdate ? ' for update' : ''
    }`,
    [spaceId],
  );
  return websiteSettingsSchema.parse({
    ...websiteSettingsSchema.parse({}),
    ...(res.rows[0]?.settings ?? {}),
  });
}

export async function writeWebsiteSettings(
  db: Queryable,
  spaceId: string,
  settings: WebsiteSettings,
): Promise<void> {
  await db.query(
    `insert into space_plugin_settings (space_id, plugin_id, environment, settings)
     values ($1, 'website', 'production', $2::jsonb)
     on conflict (space_id, plugin_id, environment) do update set settings = excluded.settings`,
    [spaceId, JSON.stringify(settings)],
  );
}

/** The settings as an answer: everything but the password hash, and whether there is one. */
export function publicSettings(settings: WebsiteSettings) {
  const { passwordHash, ...rest } = settings;
  return { ...rest, hasPassword: passwordHash !== null };
}
