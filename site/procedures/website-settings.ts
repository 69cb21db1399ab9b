import { z } from 'zod';
import { cacheTags } from '../../core/cache/tags.ts';
import type { Queryable } from '../../core/db/types.ts';
import { AppError } from '../../core/errors/app-error.ts';
import { documentId, spaceName } from '../../core/procedures/inputs.ts';
import { defineProcedure } from '../../core/rpc/procedure.ts';
import { customCssProblem } from '../../styles/custom-css.ts';
import type { WebsiteSettings } from '../plugin/website-section-schema.ts';
import { publicSettings, readWebsiteSettings, writeWebsiteSettings } from './settings-row.ts';

/** argon2id; the native module is loaded when a password is set, not by every process that has the plugin. */
const hashPassword = async (password: string) => {
  const { default: argon2 } = await import('argon2');
  return argon2.hash(password, { type: argon2.argon2id });
};

export const websiteSettingsGet = defineProcedure({
  name: 'plugins.website.settings.get',
  permission: 'space:read',
  input: z.strictObject({ space: spaceName }),
  async run(ctx) {
    return publicSettings(await readWebsiteSettings(ctx.db, ctx.space.id));
  },
});

const minPasswordLength = 8;
const nullableId = documentId.nullable();

const settingsChange = z.strictObject({
  space: spaceName,
  mode: z.enum(['external', 'designed']).optional(),
  homeContentId: nullableId.optional(),
  notFoundContentId: nullableId.optional(),
  indexing: z.boolean().optional(),
  titlePattern: z.string().min(1).max(200).optional(),
  siteName: z.string().max(200).optional(),
  description: z.string().max(1000).optional(),
  faviconId: nullableId.optional(),
  shareImageId: nullableId.optional(),
  headCode: z.string().max(100_000).optional(),
  bodyCode: z.string().max(100_000).optional(),
  /** Compiled by lightningcss into `@layer custom`; a parse error is refused with its line and column. */
  customCss: z.string().max(200_000).optional(),
  /** At least 8 characters; null removes the password. Checked in `run` for its own error key. */
  password: z.string().max(1024).nullable().optional(),
});
type SettingsChange = z.output<typeof settingsChange>;
type Editable = Exclude<keyof SettingsChange, 'space' | 'password'>;
const editable: Editable[] = [
  'mode',
  'homeContentId',
  'notFoundContentId',
  'indexing',
  'titlePattern',
  'siteName',
  'description',
  'faviconId',
  'shareImageId',
  'headCode',
  'bodyCode',
  'customCss',
];

async function assertReferences(db: Queryable, spaceId: string, input: SettingsChange): Promise<void> {
  const refs: Array<[string, string | null | undefined, 'documents' | 'assets']> = [
    ['homeContentId', input.homeContentId, 'documents'],
    ['notFoundContentId', input.notFoundContentId, 'documents'],
    ['faviconId', input.faviconId, 'assets'],
    ['shareImageId', input.shareImageId, 'assets'],
  ];
  for (const [path, id, table] of refs) {
    if (!id) continue;
    const res = await db.query(`select 1 from ${table} where id = $1 and space_id = $2`, [id, spaceId]);
    if (res.rows.length === 0) {
      throw new AppError('validation.failed', {
        details: [
          {
            key: 'validation.invalid',
            path,
            params: {
              message: `no ${table === 'documents' ? 'document' : 'asset'} with this id in the space`,
            },
          },
        ],
      });
    }
  }
}

async function passwordChangesAllowed(db: Queryable, spaceId: string): Promise<boolean> {
  const res = await db.query<{ value: unknown }>(
    `select value from space_controls where space_id = $1 and key = 'features.plugins.website.password'`,
    [spaceId],
  );
  return res.rows[0]?.value !== false;
}

function assertPasswordLength(password: string): void {
  if ([...password].length >= minPasswordLength) return;
  throw new AppError('plugins.website.password.tooShort', {
    details: [
      { key: 'plugins.website.password.tooShort', path: 'password', params: { min: minPasswordLength } },
    ],
  });
}

function assertCustomCss(css: string): void {
  const problem = customCssProblem(css);
  if (!problem) return;
  throw new AppError('validation.failed', {
    message: `The custom CSS does not compile: line ${problem.line}, column ${problem.column}: ${problem.message}`,
    details: [{ key: 'validation.invalid', path: 'customCss', params: { ...problem } }],
  });
}

/**
 * Changes website settings by the seed's state table: a mode switch purges `domains` and
 * `redirects:<spaceId>`; setting, changing or removing the password (Argon2id, at least 8 characters, while
 * the control `features.plugins.website.password` is not off) purges `design:<spaceId>`; any other visible
 * setting purges the space's cached pages; custom CSS also `design:<spaceId>` (it is in the stylesheet).
 * Changing head or body code or the custom CSS needs `website:code`.
 */
export const websiteSettingsSet = defineProcedure({
  name: 'plugins.website.settings.set',
  permission: 'space:write',
  input: settingsChange,
  async run(ctx, input) {
    const spaceId = ctx.space.id;
    if (typeof input.password === 'string') assertPasswordLength(input.password);
    if (input.customCss !== undefined) assertCustomCss(input.customCss);
    await assertReferences(ctx.db, spaceId, input);
    if (input.password !== undefined && !(await passwordChangesAllowed(ctx.db, spaceId))) {
      throw new AppError('plugins.website.password.disabled');
    }
    // Hashing is slow on purpose: done before the row is locked.
    const newHash = typeof input.password === 'string' ? await hashPassword(input.password) : null;
    const { before, after } = await ctx.db.transaction(async (tx) => {
      const current = await readWebsiteSettings(tx, spaceId, true);
      const next: WebsiteSettings = { ...current };
      for (const name of editable) {
        if (input[name] !== undefined) (next as Record<string, unknown>)[name] = input[name];
      }
      if (input.password !== undefined) next.passwordHash = newHash;
      if (
        next.headCode !== current.headCode ||
        next.bodyCode !== current.bodyCode ||
        next.customCss !== current.customCss
      )
        ctx.require('website:code');
      await writeWebsiteSettings(tx, spaceId, next);
      return { before: current, after: next };
    });
    const changed = editable.filter((name) => after[name] !== before[name]);
    const passwordChanged = after.passwordHash !== before.passwordHash;
    const tags = new Set<string>();
    if (changed.includes('mode')) {
      tags.add(cacheTags.domains);
      tags.add(cacheTags.redirects(spaceId));
    }
    // The stylesheet (named by its hash in every page) changes with the custom CSS.
    if (passwordChanged || changed.includes('customCss')) tags.add(cacheTags.design(spaceId));
    if (changed.some((name) => name !== 'mode')) tags.add(cacheTags.sitePagesOf(spaceId));
    await ctx.cache.purgeTags([...tags]);
    ctx.audit.details = {
      changed,
      ...(passwordChanged ? { password: after.passwordHash ? 'set' : 'removed' } : {}),
    };
    return publicSettings(after);
  },
});
