import { AppError } from '../errors/app-error.ts';
import type { Plugin, SectionContext } from '../plugins.ts';
import { blockExtCheck, versionFieldsProblem } from './document-fields.ts';
import type { TypeDef } from './field-defs.ts';
import type { ValueContext } from './field-values.ts';
import { firstIssue } from './issue-message.ts';
import { menuItemsProblem } from './menu-items.ts';
import { type CoreFile, coreFileSchema, FORMAT } from './schema.ts';

export interface SpaceFile {
  core: CoreFile;
  /** Plugin sections by key, each already parsed by its plugin's schema. */
  sections: Record<string, unknown>;
}

const coreKeys = new Set(Object.keys(coreFileSchema.shape));

function invalid(message: string): AppError {
  return new AppError('import.invalid', {
    message,
    details: [
      {
        key: 'validation.invalid',
        path: message.split(':')[0],
        params: { message: message.includes(': ') ? message.slice(message.indexOf(': ') + 2) : message },
      },
    ],
  });
}

/**
 * Parses and checks a whole space file: shapes, then every reference, then every field value against the
 * content model. Throws `import.invalid` naming the path of the first bad value, or `import.format.unknown`.
 */
export function parseSpaceFile(raw: unknown, plugins: Plugin[]): SpaceFile {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw invalid('(root): must be a JSON object');
  const input = raw as Record<string, unknown>;
  if (input.format !== FORMAT) {
    throw new AppError('import.format.unknown', {
      message: `format: unknown format ${JSON.stringify(input.format ?? null)} (expected "${FORMAT}")`,
    });
  }
  const sectionPlugins = new Map(
    plugins.flatMap((p) => (p.spaceSection ? [[p.spaceSection.key, p] as const] : [])),
  );
  const coreInput: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (coreKeys.has(key)) coreInput[key] = value;
    else if (!sectionPlugins.has(key)) {
      throw invalid(
        key === 'website'
          ? 'website: the website plugin is not enabled on this instance'
          : `${key}: unknown field`,
      );
    }
  }
  const parsed = coreFileSchema.safeParse(coreInput);
  if (!parsed.success) throw invalid(firstIssue(parsed.error));
  const core = parsed.data;

  const sections: Record<string, unknown> = {};
  for (const [key, plugin] of sectionPlugins) {
    if (input[key] === undefined) continue;
    const result = plugin.spaceSection!.schema.safeParse(input[key]);
    if (!result.success) throw invalid(firstIssue(result.error, [key]));
    sections[key] = result.data;
  }

  const ctx = sectionContext(core);
  const problem = checkReferences(core, ctx, plugins) ?? checkSections(sections, sectionPlugins, ctx);
  if (problem) throw invalid(problem);
  return { core, sections };
}

function sectionContext(core: CoreFile): SectionContext {
  return {
    spaceId: core.space.id,
    locales: core.space.locales,
    ids: {
      documents: new Set(core.documents.map((d) => d.id)),
      assets: new Set(core.assets.map((a) => a.id)),
      contentTypes: new Set(core.contentTypes.map((t) => t.name)),
      blockTypes: new Set(core.blockTypes.map((t) => t.name)),
    },
  };
}

function checkSections(
  sections: Record<string, unknown>,
  sectionPlugins: Map<string, Plugin>,
  ctx: SectionContext,
): string | undefined {
  for (const [key, value] of Object.entries(sections)) {
    const problem = sectionPlugins.get(key)?.spaceSection?.check?.(value, ctx);
    if (problem) return problem;
  }
  return undefined;
}

function firstDuplicate<T>(items: T[], keyOf: (item: T) => string): number {
  const seen = new Set<string>();
  for (const [i, item] of items.entries()) {
    const key = keyOf(item);
    if (seen.has(key)) return i;
    seen.add(key);
  }
  return -1;
}

function checkReferences(core: CoreFile, ctx: SectionContext, plugins: Plugin[]): string | undefined {
  const { space } = core;
  const checks: Array<[unknown[], (x: never) => string, string, string]> = [
    [core.contentTypes, (t: TypeDef) => t.name, 'contentTypes', 'name'],
    [core.blockTypes, (t: TypeDef) => t.name, 'blockTypes', 'name'],
    [core.users, (u: { id: string }) => u.id, 'users', 'id'],
    [core.assets, (a: { id: string }) => a.id, 'assets', 'id'],
    [core.documents, (d: { id: string }) => d.id, 'documents', 'id'],
    [core.menus, (m: { id: string }) => m.id, 'menus', 'id'],
    [core.menus, (m: { machineName: string }) => m.machineName, 'menus', 'machineName'],
    [
      core.redirects,
      (r: { locale: string; fromPath: string }) => `${r.locale} ${r.fromPath}`,
      'redirects',
      'fromPath',
    ],
  ];
  for (const [items, keyOf, name, field] of checks) {
    const i = firstDuplicate(items, keyOf as (x: unknown) => string);
    if (i >= 0) return `${name}[${i}].${field}: duplicate`;
  }
  const blockTypes = new Map(core.blockTypes.map((t) => [t.name, t]));
  const typeLists: Array<[TypeDef[], string]> = [
    [core.contentTypes, 'contentTypes'],
    [core.blockTypes, 'blockTypes'],
  ];
  for (const [list, name] of typeLists) {
    for (const [i, type] of list.entries()) {
      for (const [j, field] of type.fields.entries()) {
        const unknown = field.blockTypes?.find((b) => !blockTypes.has(b));
        if (unknown) return `${name}[${i}].fields[${j}].blockTypes: no block type "${unknown}"`;
      }
    }
  }
  if (space.homeContentId && !ctx.ids.documents.has(space.homeContentId)) {
    return `space.homeContentId: no document with id ${space.homeContentId}`;
  }
  for (const [i, user] of core.users.entries()) {
    if (user.avatarId && !ctx.ids.assets.has(user.avatarId))
      return `users[${i}].avatarId: no asset with id ${user.avatarId}`;
  }
  const values: ValueContext = {
    documents: ctx.ids.documents,
    assets: ctx.ids.assets,
    users: new Set(core.users.map((u) => u.id)),
    blockTypes,
    checkBlockExt: blockExtCheck(plugins),
  };
  return checkDocuments(core, values) ?? checkMenus(core, ctx) ?? checkRedirects(core, ctx);
}

function checkDocuments(core: CoreFile, values: ValueContext): string | undefined {
  const types = new Map(core.contentTypes.map((t) => [t.name, t]));
  const byId = new Map(core.documents.map((d) => [d.id, d]));
  const siblingSlugs = new Set<string>();
  const tagNames = new Map<string, string>();
  for (const [i, doc] of core.documents.entries()) {
    const path = `documents[${i}]`;
    const type = types.get(doc.type);
    if (!type) return `${path}.type: no content type "${doc.type}"`;
    if (doc.parentId) {
      if (!byId.has(doc.parentId)) return `${path}.parentId: no document with id ${doc.parentId}`;
      const seen = new Set([doc.id]);
      for (let p = byId.get(doc.parentId); p; p = p.parentId ? byId.get(p.parentId) : undefined) {
        if (seen.has(p.id)) return `${path}.parentId: the tree has a cycle`;
        seen.add(p.id);
      }
    }
    for (const [j, tag] of doc.tags.entries()) {
      const known = tagNames.get(tag.slug);
      if (known !== undefined && known !== tag.name) {
        return `${path}.tags[${j}].name: tag "${tag.slug}" is named "${known}" elsewhere`;
      }
      tagNames.set(tag.slug, tag.name);
    }
    for (const [locale, states] of Object.entries(doc.locales)) {
      if (!core.space.locales.includes(locale)) return `${path}.locales.${locale}: not a locale of the space`;
      for (const state of ['published', 'draft'] as const) {
        const version = states[state];
        if (!version) continue;
        const vPath = `${path}.locales.${locale}.${state}`;
        const key = `${doc.parentId ?? '-'} ${locale} ${state} ${version.slug}`;
        if (siblingSlugs.has(key))
          return `${vPath}.slug: another document under the same parent has slug "${version.slug}"`;
        siblingSlugs.add(key);
        const problem = versionFieldsProblem(version.fields, type.fields, `${vPath}.fields`, {
          ...values,
          complete: state === 'published',
        });
        if (problem) return problem;
      }
    }
  }
  return undefined;
}

function checkMenus(core: CoreFile, ctx: SectionContext): string | undefined {
  const seen = new Set<string>();
  const refs = { documents: ctx.ids.documents, locales: ctx.locales };
  for (const [i, menu] of core.menus.entries()) {
    const problem = menuItemsProblem(menu.items, `menus[${i}].items`, refs, seen);
    if (problem) return problem;
  }
  return undefined;
}

function checkRedirects(core: CoreFile, ctx: SectionContext): string | undefined {
  for (const [i, r] of core.redirects.entries()) {
    if (!ctx.locales.includes(r.locale)) return `redirects[${i}].locale: not a locale of the space`;
    if (r.contentId && !ctx.ids.documents.has(r.contentId))
      return `redirects[${i}].contentId: no document with id ${r.contentId}`;
  }
  return undefined;
}
