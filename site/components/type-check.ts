import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AppError } from '../../core/errors/app-error.ts';

const publicApi = fileURLToPath(new URL('./index.ts', import.meta.url));
const versoRoot = fileURLToPath(new URL('../../', import.meta.url));

export type TypeCheckResult = 'checked' | 'unchanged' | 'no-typescript';

/**
 * Type-checks a site project's own files (the config and what its bundle read outside node_modules) with the
 * TypeScript compiler, as `tsc --noEmit --strict` would with Verso's JSX settings and `verso/components`
 * resolved to this Verso: the first error stops the start with `file:line:column` (`config.invalid`). A
 * project whose files are byte for byte those of its last clean check is not checked again (a stamp under the
 * temporary directory), since a check takes about a second. Where TypeScript is not installed (a production
 * install without dev dependencies) nothing is checked, and the answer says so.
 */
export async function typeCheckProject(configFile: string, inputs: string[]): Promise<TypeCheckResult> {
  const own = [configFile, ...inputs.filter((f) => !f.includes('/node_modules/') && /\.tsx?$/.test(f))];
  const files = [...new Set(own)].filter((f) => existsSync(f)).sort();
  const hash = createHash('sha256');
  for (const f of files) hash.update(`${f}\0`).update(readFileSync(f)).update('\0');
  const stamp = join(tmpdir(), 'verso-typecheck', hash.digest('hex').slice(0, 24));
  if (existsSync(stamp)) return 'unchanged';

  let ts: typeof import('typescript');
  try {
    ts = (await import('typescript')).default;
  } catch {
    return 'no-typescript';
  }
  const program = ts.createProgram(files, {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    jsx: ts.JsxEmit.ReactJSX,
    jsxImportSource: 'hono/jsx',
    allowImportingTsExtensions: true,
    baseUrl: versoRoot,
    paths: { 'verso/components': [publicApi] },
    types: [],
  });
  for (const file of files) {
    const source = program.getSourceFile(file);
    if (!source) continue;
    const [first] = [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)];
    if (!first) continue;
    const at =
      first.file && first.start !== undefined ? first.file.getLineAndCharacterOfPosition(first.start) : null;
    const where = at ? `${file}:${at.line + 1}:${at.character + 1}: ` : `${file}: `;
    throw new AppError('config.invalid', {
      message: `${where}${ts.flattenDiagnosticMessageText(first.messageText, ' ')}`,
    });
  }
  mkdirSync(dirname(stamp), { recursive: true });
  writeFileSync(stamp, '');
  return 'checked';
}
