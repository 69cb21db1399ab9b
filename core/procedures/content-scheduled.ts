import { z } from 'zod';
import { AppError } from '../errors/app-error.ts';
import { defineProcedure } from '../rpc/procedure.ts';
import { documentId, spaceName } from './inputs.ts';

interface ScheduledRow {
  row_id: string;
  document_id: string;
  type: string;
  title: string | null;
  locale: string;
  action: 'publish' | 'unpublish';
  at: Date;
  with_descendants: boolean;
  created_by: string;
  created_at: Date;
  failed_at: Date | null;
  error: string | null;
}

/** The cursor is the last row's time and id, opaque to callers. */
const cursorOf = (r: ScheduledRow) =>
  Buffer.from(JSON.stringify([new Date(r.at).toISOString(), r.row_id])).toString('base64url');

function parseCursor(cursor: string): [string, string] {
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(v) &&
      typeof v[0] === 'string' &&
      !Number.isNaN(Date.parse(v[0])) &&
      documentId.safeParse(v[1]).success
    )
      return v as [string, string];
  } catch {}
  throw new AppError('validation.failed', {
    details: [
      { key: 'validation.invalid', path: 'cursor', params: { message: 'not a cursor of this list' } },
    ],
  });
}

/**
 * The space's scheduled publishes and unpublishes, earliest first (`id`: of one document only): what runs
 * when, on which document (type, and its title in that locale: the draft's, else the published one's), who
 * scheduled it, and whether a run failed. Paginated by `cursor`.
 */
export const contentScheduled = defineProcedure({
  name: 'content.scheduled',
  permission: 'space:read',
  input: z.strictObject({
    space: spaceName,
    id: documentId.optional(),
    cursor: z.string().min(1).max(200).optional(),
    limit: z.number().int().min(1).max(200).default(50),
  }),
  async run(ctx, input) {
    const [afterAt, afterId] = input.cursor ? parseCursor(input.cursor) : [null, null];
    const res = await ctx.db.query<ScheduledRow>(
      `select s.id::text as row_id, s.document_id::text as document_id, d.type, s.locale, s.action, s.at,
         s.with_descendants, s.created_by, s.created_at, s.failed_at, s.error,
         (select v.title from document_versions v where v.document_id = s.document_id and v.locale = s.locale
          order by v.state limit 1) as title
       from scheduled_actions s join documents d on d.id = s.document_id
       where s.space_id = $1 and ($2::uuid is null or s.document_id = $2)
         and ($3::timestamptz is null or (s.at, s.id) > ($3::timestamptz, $4::uuid))
       order by s.at, s.id limit $5`,
      [ctx.space.id, input.id ?? null, afterAt, afterId, input.limit + 1],
    );
    const rows = res.rows.slice(0, input.limit);
    return {
      items: rows.map((r) => ({
        id: r.document_id,
        type: r.type,
        title: r.title,
        locale: r.locale,
        action: r.action,
        at: new Date(r.at).toISOString(),
        ...(r.action === 'unpublish' ? { withDescendants: r.with_descendants } : {}),
        status: r.failed_at ? 'failed' : 'scheduled',
        ...(r.failed_at ? { failedAt: new Date(r.failed_at).toISOString(), error: r.error } : {}),
        scheduledBy: r.created_by,
        scheduledAt: new Date(r.created_at).toISOString(),
      })),
      nextCursor: res.rows.length > input.limit ? cursorOf(rows[rows.length - 1]!) : null,
    };
  },
});
