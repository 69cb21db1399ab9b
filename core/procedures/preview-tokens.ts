import { z } from 'zod';
import {
  createPreviewToken,
  listPreviewTokens,
  type PreviewTokenRow,
  revokePreviewToken,
} from '../auth/preview-tokens.ts';
import { AppError } from '../errors/app-error.ts';
import { actorName } from '../rpc/audit.ts';
import { defineProcedure } from '../rpc/procedure.ts';
import { spaceName } from './inputs.ts';

const DAY_MS = 86_400_000;
/** How long a token lives when the call names no expiry, and the longest it may. */
export const PREVIEW_DEFAULT_MS = 30 * DAY_MS;
export const PREVIEW_MAX_MS = 365 * DAY_MS;
const units = { s: 1e3, m: 6e4, h: 3.6e6, d: DAY_MS } as const;

const shape = (r: PreviewTokenRow, now = Date.now()) => ({
  id: r.id,
  name: r.name,
  status: r.revokedAt ? 'revoked' : new Date(r.expiresAt).getTime() <= now ? 'expired' : 'active',
  createdBy: r.createdBy,
  createdAt: new Date(r.createdAt).toISOString(),
  expiresAt: new Date(r.expiresAt).toISOString(),
  revokedAt: r.revokedAt ? new Date(r.revokedAt).toISOString() : null,
});

const createInput = z
  .strictObject({
    space: spaceName,
    name: z.string().trim().max(100).default(''),
    /** A lifetime such as `30d`, `12h`, `90m`. */
    expiresIn: z
      .string()
      .regex(/^\d{1,6}[smhd]$/, 'must be a duration such as 30d, 12h or 90m')
      .optional(),
    expiresAt: z.iso
      .datetime({ offset: true, message: 'must be an ISO 8601 time with seconds and an offset' })
      .optional(),
  })
  .transform((input, c) => {
    const { expiresIn, expiresAt, ...rest } = input;
    if (expiresIn !== undefined && expiresAt !== undefined) {
      c.addIssue({ code: 'custom', path: ['expiresAt'], message: 'give expiresIn or expiresAt, not both' });
      return z.NEVER;
    }
    const now = Date.now();
    const at =
      expiresAt !== undefined
        ? Date.parse(expiresAt)
        : expiresIn !== undefined
          ? now + Number(expiresIn.slice(0, -1)) * units[expiresIn.at(-1) as keyof typeof units]
          : now + PREVIEW_DEFAULT_MS;
    const path = [expiresAt !== undefined ? 'expiresAt' : 'expiresIn'];
    if (at - now < 60_000) c.addIssue({ code: 'custom', path, message: 'must be at least a minute away' });
    else if (at - now > PREVIEW_MAX_MS)
      c.addIssue({ code: 'custom', path, message: 'must be within a year' });
    return { ...rest, expiresAt: new Date(at) };
  });

/**
 * A preview token of a space: as `Authorization: Bearer` on the public API it reads the space's drafts
 * (docs/delivery-api.md, "Preview"). Its secret is in this answer only. Needs `space:write`, as a share link
 * does: both show every draft of the space to whoever holds them.
 */
export const previewTokensCreate = defineProcedure({
  name: 'previewTokens.create',
  permission: 'space:write',
  input: createInput,
  async run(ctx, input) {
    const created = await createPreviewToken(ctx.db, {
      spaceId: ctx.space.id,
      name: input.name,
      expiresAt: input.expiresAt,
      createdBy: actorName(ctx.principal),
    });
    ctx.audit.target = created.id;
    ctx.audit.details = { name: input.name, expiresAt: input.expiresAt.toISOString() };
    return { ...shape(created), token: created.token };
  },
});

/** The space's tokens, newest first, without their secrets; ended ones stay listed for 30 days. */
export const previewTokensList = defineProcedure({
  name: 'previewTokens.list',
  permission: 'space:write',
  input: z.strictObject({ space: spaceName }),
  async run(ctx) {
    const now = Date.now();
    return { items: (await listPreviewTokens(ctx.db, ctx.space.id)).map((r) => shape(r, now)) };
  },
});

/** Ends a token at once, on every process (each preview request checks its token in the database). */
export const previewTokensRevoke = defineProcedure({
  name: 'previewTokens.revoke',
  permission: 'space:write',
  input: z.strictObject({ space: spaceName, id: z.uuid({ message: 'must be a UUID' }) }),
  async run(ctx, input) {
    const row = await revokePreviewToken(ctx.db, { spaceId: ctx.space.id, id: input.id });
    if (!row) throw new AppError('previewToken.notFound');
    ctx.audit.target = input.id;
    return shape(row);
  },
});
