import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `verso init`: a starter site project in the working directory (docs/components.md): verso.config.ts,
 * the demo's brew-ratio component and its island, a space file (the demo space, which places the
 * component on the coffee pages) and a README. Files that exist are left as they are.
 */

const demo = (path: string) => fileURLToPath(new URL(`../../demo/${path}`, import.meta.url));
const versoPackage = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  overrides: Record<string, string>;
};

const README = `# A Verso site

Your code components live in \`components/\`, registered in \`verso.config.ts\`; islands (browser scripts of
a component) in \`islands/\`. \`space.json\` is the content and designs imported on the first start.

    npm start        # verso dev: the studio at http://localhost:3000, the site at http://localhost:3200
    npx verso serve  # one production process (node_modules/verso/docs/operations.md)

\`DEV_PORTS=4000,4100,4200 npm start\` picks other ports (management and studio, public API, site).
\`verso dev\` rebuilds the components when you save one. With \`npm install -D typescript\`, every start
also type-checks them and stops at the first error with its file and line. Writing components:
node_modules/verso/docs/components.md.
`;

async function writeNew(path: string, text: string | (() => Promise<string>)): Promise<boolean> {
  if (existsSync(path)) return false;
  await writeFile(path, typeof text === 'string' ? text : await text());
  return true;
}

export async function initCommand(): Promise<void> {
  const written = await initProject(process.cwd());
  process.stdout.write(`Wrote ${written.join(', ')}\nNext: npm start\n`);
}

/** Writes the starter into `dir`; returns what it wrote. */
export async function initProject(dir: string): Promise<string[]> {
  await mkdir(join(dir, 'components'), { recursive: true });
  await mkdir(join(dir, 'islands'), { recursive: true });
  const written: string[] = [];
  const add = async (name: string, text: string | (() => Promise<string>)) => {
    if (await writeNew(join(dir, name), text)) written.push(name);
  };
  await add('verso.config.ts', () => readFile(demo('verso.config.ts'), 'utf8'));
  await add('components/brew-ratio.tsx', () => readFile(demo('components/brew-ratio.tsx'), 'utf8'));
  await add('islands/brew-ratio.ts', () => readFile(demo('islands/brew-ratio.ts'), 'utf8'));
  await add('space.json', () => readFile(demo('space.json'), 'utf8'));
  await add('README.md', README);
  // The space file's images, which it names by path.
  if (!existsSync(join(dir, 'assets'))) {
    await cp(demo('assets'), join(dir, 'assets'), { recursive: true });
    written.push('assets/');
  }
  const pkgFile = join(dir, 'package.json');
  const pkg = existsSync(pkgFile)
    ? JSON.parse(await readFile(pkgFile, 'utf8'))
    : { name: 'my-site', private: true };
  pkg.type ??= 'module';
  pkg.scripts = { start: 'verso dev', serve: 'verso serve', ...pkg.scripts };
  // Verso's pins for Node 20 (docs/architecture.md, "Pinned versions") apply only from the root package.
  pkg.overrides = { ...versoPackage.overrides, ...pkg.overrides };
  await writeFile(pkgFile, `${JSON.stringify(pkg, null, 2)}\n`);
  return [...written, 'package.json'];
}
