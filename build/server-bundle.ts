import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * Modules find their files next to themselves (`new URL('./migrations/', import.meta.url)`): in one bundle
 * every module would read the bundle's own address, so each keeps the address of its source file.
 */
const ownAddress: Plugin = {
  name: 'own-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      return {
        contents: source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
        loader: args.path.endsWith('x') ? 'tsx' : 'ts',
      };
    });
  },
};

/**
 * The `verso` command as plain JavaScript (dependencies stay in node_modules), for the processes a test run
 * starts by the hundred: loading the TypeScript sources through tsx costs each of them about a second of CPU
 * more than this bundle. It only works beside the sources it was built from, which is all a test run needs.
 * Users run bin/verso.mjs, which loads the sources.
 */
export async function buildServerBundle(outDir: string): Promise<string> {
  await build({
    entryPoints: { verso: join(root, 'cli/main.ts') },
    outdir: outDir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    tsconfig: join(root, 'tsconfig.json'),
    logLevel: 'warning',
    plugins: [ownAddress],
  });
  const bin = join(outDir, 'verso.mjs');
  await writeFile(bin, "import { main } from './verso.js';\nawait main(process.argv);\n");
  return bin;
}
