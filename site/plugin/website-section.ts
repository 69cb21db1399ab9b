import type { Queryable } from '../../core/db/types.ts';
import { AppError } from '../../core/errors/app-error.ts';
import type { Plugin, SectionContext } from '../../core/plugins.ts';
import { firstIssue } from '../../core/space-format/issue-message.ts';
import { blockExtSchema, type WebsiteSection, websiteSectionSchema } from './website-section-schema.ts';

const json = (v: unknown) => JSON.stringify(v);
const iso = (v: unknown) => new Date(v as string).toISOString();

/** Reference checks of the `website` section against the rest of the file, as `path: message`. */
export function checkWebsiteSection(value: unknown, ctx: SectionContext): string | undefined {
  const w = value as WebsiteSection;
  const { documents, assets, contentTypes, blockTypes } = ctx.ids;
  const refs: Array<[string, string | null, Set<string>, string]> = [
    ['website.settings.homeContentId', w.settings.homeContentId, documents, 'document'],
    ['website.settings.notFoundContentId', w.settings.notFoundContentId, documents, 'document'],
    ['website.settings.faviconId', w.settings.faviconId, assets, 'asset'],
    ['website.settings.shareImageId', w.settings.shareImageId, assets, 'asset'],
    ...w.environments.map((e, i): [string, string | null, Set<string>, string] => [
      `website.environments[${i}].notFoundContentId`,
      e.notFoundContentId,
      documents,
      'document',
    ]),
  ];
  for (const [path, ref, pool, what] of refs)
    if (ref && !pool.has(ref)) return `${path}: no ${what} with id ${ref}`;
  const envs = new Set(['production']);
  for (const [i, e] of w.environments.entries()) {
    if (envs.has(e.name)) return `website.environments[${i}].name: duplicate`;
    envs.add(e.name);
  }
  const hosts = new Set<string>();
  const primaries = new Set<string>();
  for (const [i, d] of w.domains.entries()) {
    const path = `website.domains[${i}]`;
    if (hosts.has(d.host)) return `${path}.host: duplicate`;
    hosts.add(d.host);
    if (!envs.has(d.environment)) return `${path}.environment: no environment "${d.environment}"`;
    if (d.locale && !ctx.locales.includes(d.locale)) return `${path}.locale: not a locale of the space`;
    const key = `${d.environment} ${d.locale ?? '*'}`;
    if (d.primary && primaries.has(key)) return `${path}.primary: another domain is primary for this locale`;
    if (d.primary) primaries.add(key);
  }
  for (const [i, d] of w.designs.entries()) {
    if (d.kind === 'page' && !contentTypes.has(d.key))
      return `website.designs[${i}].key: no content type "${d.key}"`;
    if (d.kind === 'block' && !blockTypes.has(d.key))
      return `website.designs[${i}].key: no block type "${d.key}"`;
  }
  return undefined;
}

async function importWebsite(tx: Queryable, value: unknown, ctx: SectionContext): Promise<void> {
  const w = value as WebsiteSection;
  const spaceId = ctx.spaceId;
  const rows = [
    { environment: 'production', settings: w.settings, position: 0 },
    ...w.environments.map((e, i) => ({
      environment: e.name,
      settings: { notFoundContentId: e.notFoundContentId },
      position: i + 1,
    })),
  ];
  await tx.query(
    `insert into space_plugin_settings (space_id, plugin_id, environment, settings, position)
     select $2, 'website', environment, settings, position
     from jsonb_to_recordset($1::jsonb) as x(environment text, settings jsonb, position int)`,
    [json(rows), spaceId],
  );
  const taken = await tx.query<{ host: string }>(
    'select host from website_domains where host = any($1::text[])',
    [w.domains.map((d) => d.host)],
  );
  const takenHosts = new Set(taken.rows.map((r) => r.host));
  const first = w.domains.findIndex((d) => takenHosts.has(d.host));
  if (first >= 0)
    throw new AppError('space.exists', { message: `website.domains[${first}].host: used by another space` });
  await tx.query(
    `insert into website_domains (host, space_id, "primary", redirect_to_primary, locale, environment, position)
     select host, $2, "primary", redirect_to_primary, locale, environment, position
     from jsonb_to_recordset($1::jsonb) as x(host text, "primary" boolean, redirect_to_primary boolean, locale text, environment text, position int)`,
    [
      json(
        w.domains.map((d, i) => ({
          host: d.host,
          primary: d.primary,
          redirect_to_primary: d.redirectToPrimary,
          locale: d.locale,
          environment: d.environment,
          position: i,
        })),
      ),
      spaceId,
    ],
  );
  await tx.query(
    `insert into website_designs (space_id, kind, key, published, draft, position)
     select $2, kind, key, published, draft, position
     from jsonb_to_recordset($1::jsonb) as x(kind text, key text, published jsonb, draft jsonb, position int)`,
    [
      json(
        w.designs.map((d, i) => ({
          kind: d.kind,
          key: d.key,
          published: d.published ?? null,
          draft: d.draft ?? null,
          position: i,
        })),
      ),
      spaceId,
    ],
  );
  await tx.query(
    `insert into website_design_versions (space_id, revision, designs)
     values ($1, $2, $3::jsonb)`,
    [
      spaceId,
      w.settings.revision,
      json(w.designs.map((d) => ({ kind: d.kind, key: d.key, published: d.published ?? null }))),
    ],
  );
  await tx.query(
    `insert into website_form_submissions (id, space_id, form_key, node_id, locale, page, host, values, created_at)
     select id, $2, form_key, node_id, locale, page, host, values, created_at
     from jsonb_to_recordset($1::jsonb) as x(id uuid, form_key text, node_id text, locale text, page text, host text, values jsonb, created_at timestamptz)`,
    [
      json(
        w.formSubmissions.map((f) => ({
          id: f.id,
          form_key: f.formKey,
          node_id: f.nodeId,
          locale: f.locale,
          page: f.page,
          host: f.host ?? null,
          values: f.values,
          created_at: f.createdAt,
        })),
      ),
      spaceId,
    ],
  );
}

async function exportWebsite(db: Queryable, spaceId: string): Promise<unknown | undefined> {
  const settings = await db.query<{ environment: string; settings: Record<string, unknown> }>(
    `select environment, settings from space_plugin_settings where space_id = $1 and plugin_id = 'website' order by position, environment`,
    [spaceId],
  );
  const production = settings.rows.find((r) => r.environment === 'production');
  if (!production) return undefined;
  const domains = await db.query<Record<string, unknown>>(
    'select * from website_domains where space_id = $1 order by position, host',
    [spaceId],
  );
  const designs = await db.query<Record<string, unknown>>(
    `select kind, key, published, draft from website_designs where space_id = $1 and environment = 'production' order by position, kind, key`,
    [spaceId],
  );
  const forms = await db.query<Record<string, unknown>>(
    'select * from website_form_submissions where space_id = $1 order by created_at, id',
    [spaceId],
  );
  return {
    settings: production.settings,
    environments: settings.rows
      .filter((r) => r.environment !== 'production')
      .map((r) => ({ name: r.environment, notFoundContentId: r.settings.notFoundContentId ?? null })),
    domains: domains.rows.map((d) => ({
      host: d.host,
      primary: d.primary,
      redirectToPrimary: d.redirect_to_primary,
      locale: d.locale,
      environment: d.environment,
    })),
    designs: designs.rows.map((d) => ({ kind: d.kind, key: d.key, published: d.published, draft: d.draft })),
    formSubmissions: forms.rows.map((f) => ({
      id: f.id,
      formKey: f.form_key,
      nodeId: f.node_id,
      locale: f.locale,
      page: f.page,
      host: f.host,
      values: f.values,
      createdAt: iso(f.created_at),
    })),
  };
}

export const websiteSpaceSection: NonNullable<Plugin['spaceSection']> = {
  key: 'website',
  schema: websiteSectionSchema,
  check: checkWebsiteSection,
  import: importWebsite,
  export: exportWebsite,
};

export function checkBlockExt(value: unknown, path: string): string | undefined {
  const result = blockExtSchema.safeParse(value);
  return result.success ? undefined : firstIssue(result.error, path.split('.'));
}
