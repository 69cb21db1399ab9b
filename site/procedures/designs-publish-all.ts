import { z } from 'zod';
import { cacheTags } from '../../core/cache/tags.ts';
import { designsSchema } from '../../core/designs/index.ts';
import { AppError } from '../../core/errors/app-error.ts';
import { spaceName } from '../../core/procedures/inputs.ts';
import { defineProcedure } from '../../core/rpc/procedure.ts';
import { emitAfterCommit } from '../../core/webhooks/events.ts';
import { revisionAuthor } from './designs-revisions.ts';
import { readWebsiteSettings, writeWebsiteSettings } from './settings-row.ts';

interface DesignRow {
  kind: string;
  key: string;
  published: unknown;
  draft: unknown;
}

/**
 * Publishes every design with a draft (the draft becomes the published value), bumps the site revision (which
 * is part of every page's cache key), snapshots the published designs of the new revision and purges
 * `design:<spaceId>`. The designs as they would be published must pass the design model's rules first.
 */
export const designsPublishAll = defineProcedure({
  name: 'designs.publishAll',
  permission: 'space:write',
  input: z.strictObject({ space: spaceName }),
  async run(ctx) {
    const spaceId = ctx.space.id;
    const result = await ctx.db.transaction(async (tx) => {
      const settings = await readWebsiteSettings(tx, spaceId, true);
      const rows = await tx.query<DesignRow>(
        `select kind, key, published, draft from website_designs
         where space_id = $1 and environment = 'production' order by position, kind, key for update`,
        [spaceId],
      );
      // A design with neither value (never published, draft discarded) is not part of the site.
      const next = rows.rows
        .filter((r) => (r.draft ?? r.published) !== null)
        .map((r) => ({ kind: r.kind, key: r.key, published: r.draft ?? r.published }));
      const checked = designsSchema.safeParse(next);
      if (!checked.success) {
        throw new AppError('designs.invalid', {
          details: checked.error.issues.slice(0, 20).map((issue) => ({
            key: 'validation.invalid',
            path: issue.path.map(String).join('.'),
            params: { message: issue.message },
          })),
        });
      }
      const published = await tx.query<{ kind: string; key: string }>(
        `update website_designs set published = draft, draft = null, version = version + 1
         where space_id = $1 and environment = 'production' and draft is not null returning kind, key`,
        [spaceId],
      );
      const revision = settings.revision + 1;
      await writeWebsiteSettings(tx, spaceId, { ...settings, revision });
      await tx.query(
        `insert into website_design_versions (space_id, revision, designs, created_by, changes)
         values ($1, $2, $3::jsonb, $4, $5::jsonb)
         on conflict (space_id, environment, revision) do update set designs = excluded.designs,
           created_by = excluded.created_by, changes = excluded.changes, restored_from = null, created_at = now()`,
        [
          spaceId,
          revision,
          JSON.stringify(next),
          revisionAuthor(ctx.principal),
          JSON.stringify(published.rows.map((r) => `${r.kind}/${r.key}`)),
        ],
      );
      return { revision, published: published.rows.map((r) => `${r.kind}/${r.key}`) };
    });
    await ctx.cache.purgeTags([cacheTags.design(spaceId)]);
    await emitAfterCommit(ctx, spaceId, 'designs.published', result);
    ctx.audit.details = result;
    return result;
  },
});
