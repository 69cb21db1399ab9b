import { formatIssuePath } from '../core/designs/index.ts';

/**
 * A design the compiler refuses: a value outside the allow-list or a token the theme does not define.
 * `path` names the value the way import errors do:
 * `designs[page/blog-post].root.children[0].style.base.color`.
 */
export class StyleError extends Error {
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(`${path}: ${reason}`);
    this.name = 'StyleError';
  }
}

/** Where a value sits: a prefix (`theme`, `designs[page/blog-post]`) and the path inside it. */
export interface StylePath {
  prefix: string;
  path: readonly (string | number)[];
}

export function formatStylePath(at: StylePath): string {
  const rest = formatIssuePath(at.path);
  if (rest === '') return at.prefix;
  return rest.startsWith('[') ? `${at.prefix}${rest}` : `${at.prefix}.${rest}`;
}

export function at(base: StylePath, ...more: (string | number)[]): StylePath {
  return { prefix: base.prefix, path: [...base.path, ...more] };
}
