import type { z } from 'zod';

/** `documents[3].locales.en.published.slug`: numbers as [n], keys joined by dots. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out === '' ? String(part) : `.${String(part)}`;
  }
  return out;
}

/** The first zod issue as `path: message`, with short messages ("required", "unknown field"). */
export function firstIssue(error: z.ZodError, prefix: readonly PropertyKey[] = []): string {
  const issue = error.issues[0];
  if (!issue) return `${formatPath(prefix) || '(root)'}: invalid`;
  let path = [...prefix, ...issue.path];
  let message = issue.message;
  if (issue.code === 'invalid_type' && /received undefined/.test(issue.message)) message = 'required';
  else if (issue.code === 'unrecognized_keys') {
    path = [...path, issue.keys[0] ?? ''];
    message = 'unknown field';
  } else if (issue.code === 'invalid_value' && issue.values.length > 0) {
    message = `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
  } else if (issue.code === 'invalid_union') message = 'is not any of the accepted shapes';
  return `${formatPath(path) || '(root)'}: ${message}`;
}
