import { z } from 'zod';
import type { ApiPrincipal } from '../../core/auth/api-keys.ts';
import { cacheTags } from '../../core/cache/tags.ts';
import { designsSchema } from '../../core/designs/index.ts';
import { AppError } from '../../core/errors/app-error.ts';
import { spaceName } from '../../core/procedures/inputs.ts';
import { defineProcedure } from '../../core/rpc/procedure.ts';
import { readWebsiteSettings, writeWebsiteSettings } from './settings-row.ts';

/** How a revision names who made it: the key's name, else the start of its id. */
export const revisionAuthor = (p: ApiPrincipal) => p.name || `key ${p.keyId.slice(0, 8)}`;

interface RevisionRow {
  revision: number;
  created_at: Date | string;
  created_by: string | null;
  changes: string[] | null;
  restored_from: number | null;
}

/** The revisions of the published designs, newest first (at most 100), the live one marked. */
export const designsRevisions = defineProcedure({
  name: 'designs.revisions',
  permission: 'space:read',
  input: z.strictObject({ space: spaceName }),
  async run(ctx) {
    const settings = await readWebsiteSettings(ctx.db, ctx.space.id);
    const res = await ctx.db.query<RevisionRow>(
      `select revision, created_at, created_by, changes, restored_from from website_design_versions
       where space_id = $1 and environment = 'production' order by revision desc limit 100`,
      [ctx.space.id],
    );
    return {
      current: settings.revision,
      revisions: res.rows.map((r) => ({
        revision: r.revision,
        createdAt: new Date(r.created_at).toISOString(),
        by: r.created_by,
        changes: r.changes ?? [],
        restoredFrom: r.restored_from,
        current: r.revision === settings.revision,
      })),
    };
  },
});

interface StoredRow {
  kind: string;
  key: string;
  published: unknown;
}

/**
 * Rolls the published designs back to an earlier revision's, as a new revision (the history keeps every
 * step), and purges `design:<spaceId>` as a publish does. Drafts stay as they are; a design the old revision
 * did not have is unpublished (and removed unless it has a draft).
 */
export const designsRestore = defineProcedure({
  name: 'designs.restore',
  permission: 'space:write',
  input: z.strictObject({ space: spaceName, revision: z.number().int().min(1) }),
  async run(ctx, input) {
    const spaceId = ctx.space.id;
    const result = await ctx.db.transaction(async (tx) => {
      const settings = await readWebsiteSettings(tx, spaceId, true);
      const snapshot = await tx.query<{ designs: StoredRow[] }>(
        `select designs from website_design_versions
         where space_id = $1 and environment = 'production' and revision = $2`,
        [spaceId, input.revision],
      );
      const stored = snapshot.rows[0]?.designs;
      if (!stored) {
        throw new AppError('designs.revisionNotFound', {
          message: `The space has no revision ${input.revision} of its designs.`,
          details: [{ key: 'validation.invalid', path: 'revision', params: { revision: input.revision } }],
        });
      }
      const designs = stored.filter((d) => d.published !== null && d.published !== undefined);
      const checked = designsSchema.safeParse(designs);
      if (!checked.success) throw new AppError('designs.invalid');
      await tx.query(
        `delete from website_designs where space_id = $1 and environment = 'production' and draft is null
         and not exists (select 1 from jsonb_to_recordset($2::jsonb) as d(kind text, key text)
                         where d.kind = website_designs.kind and d.key = website_designs.key)`,
        [spaceId, JSON.stringify(designs)],
      );
      await tx.query(
        `update website_designs set published = null, version = version + 1
         where space_id = $1 and environment = 'production'
         and not exists (select 1 from jsonb_to_recordset($2::jsonb) as d(kind text, key text)
                         where d.kind = website_designs.kind and d.key = website_designs.key)`,
        [spaceId, JSON.stringify(designs)],
      );
      await tx.query(
        `insert into website_designs (space_id, environment, kind, key, published, position)
         select $1, 'production', d.kind, d.key, d.published, e.ord
         from jsonb_array_elements($2::jsonb) with ordinality as e(value, ord),
              jsonb_to_record(e.value) as d(kind text, key text, published jsonb)
         on conflict (space_id, environment, kind, key)
         do update set published = excluded.published, version = website_designs.version + 1`,
        [spaceId, JSON.stringify(designs)],
      );
      const revision = settings.revision + 1;
      await writeWebsiteSettings(tx, spaceId, { ...settings, revision });
      await tx.query(
        `insert into website_design_versions (space_id, revision, designs, created_by, changes, restored_from)
         values ($1, $2, $3::jsonb, $4, $5::jsonb, $6)
         on conflict (space_id, environment, revision) do update set designs = excluded.designs,
           created_by = excluded.created_by, changes = excluded.changes, restored_from = excluded.restored_from,
           created_at = now()`,
        [
          spaceId,
          revision,
          JSON.stringify(designs),
          revisionAuthor(ctx.principal),
          JSON.stringify([`restored revision ${input.revision}`]),
          input.revision,
        ],
      );
      return { revision, restoredFrom: input.revision };
    });
    await ctx.cache.purgeTags([cacheTags.design(spaceId)]);
    ctx.audit.details = result;
    return result;
  },
});
