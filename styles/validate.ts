import {
  type DesignRecord,
  designRecordSchema,
  parseLeniently,
  type Theme,
  themeSchema,
} from '../core/designs/index.ts';
import { formatStylePath, StyleError, type StylePath } from './style-error.ts';

/**
 * The allow-list, checked again at compile time: designs come from the database as JSON and only
 * their import was validated. A refusal names the value, like the importer does.
 */

export function designPrefix(record: Pick<DesignRecord, 'kind' | 'key'>): StylePath {
  return { prefix: `designs[${record.kind}/${record.key}]`, path: [] };
}

interface Parsed {
  success: boolean;
  error?: { issues: readonly { path: PropertyKey[]; message: string; code?: string; keys?: string[] }[] };
}

/** The first issue's path (an unknown key appended, as the importer reports it) and message. */
function firstIssue(result: Parsed): { path: (string | number)[]; message: string } | null {
  const issue = result.success ? undefined : result.error?.issues[0];
  if (!issue) return null;
  const unknown = issue.code === 'unrecognized_keys' ? issue.keys?.[0] : undefined;
  const path = issue.path.map((p) => (typeof p === 'number' ? p : String(p)));
  return unknown === undefined
    ? { path, message: issue.message }
    : { path: [...path, unknown], message: 'unknown property' };
}

export function validateTheme(theme: unknown): Theme {
  const issue = firstIssue(themeSchema.safeParse(theme));
  if (issue) throw new StyleError(formatStylePath({ prefix: 'theme', path: issue.path }), issue.message);
  return theme as Theme;
}

/**
 * A published design record (its draft is not compiled and not checked here). Its component nodes are
 * parsed leniently, as the site loads them: their props are checked at import, save and render, and a
 * component this process does not know (changed or removed since, or no project loaded) costs its node
 * a warning at render, not the whole site its stylesheet.
 */
export function validateDesign(record: DesignRecord): DesignRecord {
  const issue = firstIssue(parseLeniently(() => designRecordSchema.safeParse({ ...record, draft: null })));
  if (issue) {
    const inside = issue.path[0] === 'published' ? issue.path.slice(1) : issue.path;
    throw new StyleError(formatStylePath({ ...designPrefix(record), path: inside }), issue.message);
  }
  return record;
}
