import { minifyCss } from './lightning.ts';

export interface CssProblem {
  line: number;
  column: number;
  message: string;
}

/** Why the site's custom CSS does not compile, with lightningcss's line and column (1-based); null when it does. */
export function customCssProblem(css: string): CssProblem | null {
  if (!css.trim()) return null;
  try {
    minifyCss(css, 'custom.css');
    return null;
  } catch (err) {
    const e = err as { message?: string; loc?: { line?: number; column?: number } };
    return { line: e.loc?.line ?? 1, column: e.loc?.column ?? 1, message: e.message ?? 'invalid CSS' };
  }
}
