import { z } from 'zod';
import { defaultTheme } from './default-theme.ts';
import { type DesignRecord, type DesignRecordOf, designRecordSchema } from './design-records.ts';
import { walkNodes } from './node-tree.ts';
import type { DesignNode } from './nodes.ts';
import { findUnknownTokens, themeTokenNames } from './token-check.ts';

/**
 * All design records of a space, with the rules that span records: one record per kind and key,
 * pages name a layout that exists, menu nodes name a menu design that exists, and every token
 * names something the theme defines (the stored theme, else `defaultTheme`).
 */
export const designsSchema = z.array(designRecordSchema).superRefine((records, ctx) => {
  const issue = (path: (string | number)[], message: string) =>
    ctx.addIssue({ code: 'custom', path, message });
  const seen = new Set<string>();
  records.forEach((r, i) => {
    if (seen.has(`${r.kind}/${r.key}`)) issue([i, 'key'], `duplicate ${r.kind} design "${r.key}"`);
    seen.add(`${r.kind}/${r.key}`);
  });

  const keysOf = (kind: DesignRecord['kind']) =>
    new Set(records.filter((r) => r.kind === kind).map((r) => r.key));
  const layouts = keysOf('layout').add('default');
  const menus = keysOf('menu');
  const theme = records.find((r): r is DesignRecordOf<'theme'> => r.kind === 'theme');
  // Published designs may use only what the published theme defines; drafts also what the
  // draft theme adds, since both are previewed together.
  const published = themeTokenNames(theme?.published ?? defaultTheme);
  const draft = theme?.draft ? themeTokenNames(theme.published, theme.draft) : published;

  records.forEach((r, i) => {
    for (const state of ['published', 'draft'] as const) {
      const value = r[state];
      if (!value) continue;
      const at = [i, state];
      for (const part of styledParts(r, state)) {
        for (const t of findUnknownTokens(part.value, state === 'published' ? published : draft)) {
          issue([...at, ...part.path, ...t.path], `unknown token "${t.token}": the theme does not define it`);
        }
      }
      if (r.kind === 'page' && r[state] && !layouts.has(r[state].layout)) {
        issue([...at, 'layout'], `no layout "${r[state].layout}"`);
      }
      if (r.kind === 'site' && r[state]?.headerMenuDesign && !menus.has(r[state].headerMenuDesign)) {
        issue([...at, 'headerMenuDesign'], `no menu design "${r[state].headerMenuDesign}"`);
      }
      for (const { root, path } of designTrees(r, state)) {
        walkNodes(root, (node, p) => {
          if (node.el === 'menu' && node.props.design && !menus.has(node.props.design)) {
            issue([...at, ...path, ...p, 'props', 'design'], `no menu design "${node.props.design}"`);
          }
        });
      }
    }
  });
});
export type Designs = z.infer<typeof designsSchema>;

/** The node trees of a record's published or draft value, with their paths inside it. */
export function designTrees(
  r: DesignRecord,
  state: 'published' | 'draft',
): { root: DesignNode; path: (string | number)[] }[] {
  if (r.kind === 'layout' || r.kind === 'page') {
    const v = r[state];
    return v ? [{ root: v.root, path: ['root'] }] : [];
  }
  if (r.kind === 'block') {
    const v = r[state];
    return v
      ? Object.entries(v.variants).map(([name, variant]) => ({
          root: variant.root,
          path: ['variants', name, 'root'],
        }))
      : [];
  }
  return [];
}

/** The parts of a record that hold token references: styles, and a theme's own references. */
function styledParts(
  r: DesignRecord,
  state: 'published' | 'draft',
): { value: unknown; path: (string | number)[] }[] {
  if (r.kind === 'theme') {
    const t = r[state];
    return t ? (['elements', 'textStyles', 'shadow'] as const).map((k) => ({ value: t[k], path: [k] })) : [];
  }
  if (r.kind === 'menu') {
    const m = r[state];
    return m ? [{ value: m.styles, path: ['styles'] }] : [];
  }
  return designTrees(r, state).flatMap(({ root, path }) => {
    const parts: { value: unknown; path: (string | number)[] }[] = [];
    walkNodes(root, (node, p) => {
      if (node.style) parts.push({ value: node.style, path: [...path, ...p, 'style'] });
      if (node.el === 'spacer') parts.push({ value: node.props, path: [...path, ...p, 'props'] });
    });
    return parts;
  });
}
