import { z } from 'zod';
import { DESIGN_KINDS } from '../../core/designs/index.ts';
import { AppError } from '../../core/errors/app-error.ts';
import { spaceName } from '../../core/procedures/inputs.ts';
import { defineProcedure } from '../../core/rpc/procedure.ts';
import { checkDraft, type StoredDesign } from './design-validation.ts';

const designRef = { space: spaceName, kind: z.enum(DESIGN_KINDS), key: z.string().min(1).max(64) };

const notFound = (kind: string, key: string) =>
  new AppError('designs.notFound', { message: `The space has no ${kind} design "${key}".` });

/** Every stored design of the space: whether it is published, whether it has a draft, and its version. */
export const designsList = defineProcedure({
  name: 'designs.list',
  permission: 'space:read',
  input: z.strictObject({ space: spaceName }),
  async run(ctx) {
    const res = await ctx.db.query<{
      kind: string;
      key: string;
      published: boolean;
      draft: boolean;
      version: number;
    }>(
      `select kind, key, published is not null as published, draft is not null as draft, version
       from website_designs where space_id = $1 and environment = 'production' order by position, kind, key`,
      [ctx.space.id],
    );
    return { designs: res.rows };
  },
});

/** One design: its published value and its draft (null where there is none). */
export const designsGet = defineProcedure({
  name: 'designs.get',
  permission: 'space:read',
  input: z.strictObject(designRef),
  async run(ctx, input) {
    const res = await ctx.db.query<StoredDesign & { version: number }>(
      `select kind, key, published, draft, version from website_designs
       where space_id = $1 and environment = 'production' and kind = $2 and key = $3`,
      [ctx.space.id, input.kind, input.key],
    );
    const row = res.rows[0];
    if (!row) throw notFound(input.kind, input.key);
    return { kind: row.kind, key: row.key, published: row.published, draft: row.draft, version: row.version };
  },
});

/**
 * Stores a draft of one design (creating the design when the key is new), checked as import checks designs;
 * an invalid draft is refused with the path of its first problem and nothing is stored. Drafts are seen only
 * in the studio and through share links, so nothing cached is purged.
 */
export const designsSaveDraft = defineProcedure({
  name: 'designs.saveDraft',
  permission: 'space:write',
  input: z.strictObject({ ...designRef, draft: z.unknown() }),
  async run(ctx, input) {
    const spaceId = ctx.space.id;
    const saved = await ctx.db.transaction(async (tx) => {
      const rows = await tx.query<StoredDesign>(
        `select kind, key, published, draft from website_designs
         where space_id = $1 and environment = 'production' order by position, kind, key for update`,
        [spaceId],
      );
      checkDraft(rows.rows, input.kind, input.key, input.draft);
      const res = await tx.query<{ version: number }>(
        `insert into website_designs (space_id, environment, kind, key, published, draft, position)
         values ($1, 'production', $2, $3, null, $4::jsonb,
                 (select coalesce(max(position), 0) + 1 from website_designs where space_id = $1))
         on conflict (space_id, environment, kind, key)
         do update set draft = excluded.draft, version = website_designs.version + 1
         returning version`,
        [spaceId, input.kind, input.key, JSON.stringify(input.draft)],
      );
      return { kind: input.kind, key: input.key, version: res.rows[0]!.version };
    });
    ctx.audit.target = `${input.kind}/${input.key}`;
    ctx.audit.details = { version: saved.version };
    return saved;
  },
});

/** Drops a design's draft; a design that was never published goes with it. */
export const designsDiscardDraft = defineProcedure({
  name: 'designs.discardDraft',
  permission: 'space:write',
  input: z.strictObject(designRef),
  async run(ctx, input) {
    const args = [ctx.space.id, input.kind, input.key];
    const where = `space_id = $1 and environment = 'production' and kind = $2 and key = $3`;
    const result = await ctx.db.transaction(async (tx) => {
      const removed = await tx.query(
        `delete from website_designs where ${where} and published is null`,
        args,
      );
      if ((removed.rowCount ?? 0) > 0) return { discarded: true, removed: true };
      const res = await tx.query<{ had: boolean }>(
        `update website_designs set draft = null, version = version + 1
         where ${where} returning (select draft is not null from website_designs where ${where}) as had`,
        args,
      );
      if (res.rows.length === 0) throw notFound(input.kind, input.key);
      return { discarded: res.rows[0]!.had, removed: false };
    });
    ctx.audit.target = `${input.kind}/${input.key}`;
    ctx.audit.details = result;
    return result;
  },
});
