import type { z } from 'zod';
import { designRecordSchema, designsSchema } from '../../core/designs/index.ts';
import { AppError } from '../../core/errors/app-error.ts';

export interface StoredDesign {
  kind: string;
  key: string;
  published: unknown;
  draft: unknown;
}

type Issue = z.core.$ZodIssue;
const detail = (path: string, message: string) => ({ key: 'validation.invalid', path, params: { message } });
const refuse = (path: string, message: string) =>
  new AppError('designs.invalid', {
    message: `The draft is not a valid design: ${path ? `${path}: ` : ''}${message}`,
    details: [detail(path, message)],
  });

/** The records as the design rules see them: a design never published is checked as if it were. */
function asRecords(rows: StoredDesign[]) {
  return rows.map((r) => ({
    kind: r.kind,
    key: r.key,
    published: r.published ?? r.draft,
    ...(r.draft !== null && r.draft !== undefined ? { draft: r.draft } : {}),
  }));
}

const issueId = (rows: StoredDesign[], issue: Issue) => {
  const [index, ...rest] = issue.path;
  const row = typeof index === 'number' ? rows[index] : undefined;
  return `${row ? `${row.kind}/${row.key}` : String(index)}|${rest.map(String).join('.')}|${issue.message}`;
};

/**
 * Checks a draft as `verso import` checks designs (designs.md): the record's own shape, then the rules across
 * records (layouts, menu designs and tokens that exist). Only problems the draft brings are refused, so a
 * space whose stored designs break a rule already can still be edited. Throws `designs.invalid` with the path
 * of the first problem (`draft.…` inside the draft).
 */
export function checkDraft(stored: StoredDesign[], kind: string, key: string, draft: unknown): void {
  const own = designRecordSchema.safeParse({ kind, key, published: draft });
  if (!own.success) {
    const first = own.error.issues[0]!;
    const [head, ...rest] = first.path.map(String);
    const path = head === 'published' ? ['draft', ...rest].join('.') : first.path.map(String).join('.');
    throw refuse(path, first.message);
  }
  const others = stored.filter((r) => !(r.kind === kind && r.key === key));
  const mine = stored.find((r) => r.kind === kind && r.key === key);
  const after = [...others, { kind, key, published: mine?.published ?? null, draft }];
  const known = new Set<string>();
  const before = designsSchema.safeParse(asRecords(stored));
  if (!before.success) for (const issue of before.error.issues) known.add(issueId(stored, issue));
  const checked = designsSchema.safeParse(asRecords(after));
  if (checked.success) return;
  const added = checked.error.issues.find((issue) => !known.has(issueId(after, issue)));
  if (!added) return;
  const [index, state, ...rest] = added.path;
  const row = typeof index === 'number' ? after[index] : undefined;
  const inDraft = row?.kind === kind && row.key === key;
  const path = inDraft
    ? ['draft', ...rest].map(String).join('.')
    : [`designs.${row?.kind}/${row?.key}`, state, ...rest].map(String).join('.');
  throw refuse(path, added.message);
}
