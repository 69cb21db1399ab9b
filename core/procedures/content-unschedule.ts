import { z } from 'zod';
import { AppError } from '../errors/app-error.ts';
import { defineProcedure } from '../rpc/procedure.ts';
import './errors.ts';
import { assertLocale, documentId, localeName, spaceName } from './inputs.ts';

/**
 * Cancels the scheduled publish or unpublish (`action`; both when left out) of a document in one locale,
 * failed ones included. Nothing of the document changes; a bullmq job already armed for it finds no row and
 * does nothing. 404 `content.notScheduled` when nothing was scheduled.
 */
export const contentUnschedule = defineProcedure({
  name: 'content.unschedule',
  permission: 'space:write',
  input: z.strictObject({
    space: spaceName,
    id: documentId,
    locale: localeName,
    action: z.enum(['publish', 'unpublish']).optional(),
  }),
  async run(ctx, input) {
    assertLocale(ctx.space, input.locale);
    const res = await ctx.db.query<{ action: 'publish' | 'unpublish'; at: Date }>(
      `delete from scheduled_actions
       where space_id = $1 and document_id = $2 and locale = $3 and ($4::text is null or action = $4)
       returning action, at`,
      [ctx.space.id, input.id, input.locale, input.action ?? null],
    );
    if (res.rows.length === 0) throw new AppError('content.notScheduled');
    const unscheduled = res.rows
      .map((r) => ({ action: r.action, at: new Date(r.at).toISOString() }))
      .sort((a, b) => a.action.localeCompare(b.action));
    ctx.audit.target = input.id;
    ctx.audit.details = { locale: input.locale, unscheduled };
    return { id: input.id, locale: input.locale, unscheduled };
  },
});
