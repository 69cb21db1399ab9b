/**
 * Names the first bad value of a failed parse the way import errors show it:
 * `designs[2].published.root.children[0].style.base.color`.
 */

export interface IssueLike {
  path: readonly PropertyKey[];
  message: string;
  code?: string;
  keys?: readonly string[];
}

export interface ParseResultLike {
  success: boolean;
  error?: { issues: readonly IssueLike[] };
}

const PLAIN_KEY = /^[^.[\]\s"]+$/;

/** Numbers as `[n]`, plain keys as `.key` (no leading dot), odd keys as `["a b"]`. */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else if (typeof part === 'string' && PLAIN_KEY.test(part)) out += out === '' ? part : `.${part}`;
    else out += `[${JSON.stringify(String(part))}]`;
  }
  return out;
}

/**
 * The path of one issue. An unknown key is reported by zod on the object that holds it; the
 * key is appended so the path names the refused property itself (`style.base.float`).
 */
export function issuePath(issue: IssueLike): string {
  const key = issue.code === 'unrecognized_keys' ? issue.keys?.[0] : undefined;
  return formatIssuePath(key === undefined ? issue.path : [...issue.path, key]);
}

/** Path and message of a failed result's first issue; null when the result succeeded. */
export function firstIssue(result: ParseResultLike): { path: string; message: string } | null {
  const issue = result.success ? undefined : result.error?.issues[0];
  if (!issue) return null;
  const message = issue.code === 'unrecognized_keys' ? 'unknown property' : issue.message;
  return { path: issuePath(issue), message };
}

/** Just the path of `firstIssue`; null when the result succeeded. */
export function firstIssuePath(result: ParseResultLike): string | null {
  return firstIssue(result)?.path ?? null;
}
