import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildIslands } from './islands.ts';

/**
 * `verso build`: bundles the browser scripts into dist/site/ (for a CDN, or to look at), with a
 * manifest of names, files and gzipped sizes, and fails when a script is over its budget. The server
 * does not need it: it bundles the same files in memory at start.
 */
export async function buildAssets(args: {
  outDir: string;
}): Promise<{ name: string; file: string; gzipBytes: number }[]> {
  const dir = join(args.outDir, 'site', 'islands');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const bundles = [...(await buildIslands()).values()];
  for (const b of bundles) writeFileSync(join(dir, b.file), b.code);
  const manifest = bundles.map((b) => ({ name: b.name, file: `islands/${b.file}`, gzipBytes: b.gzipBytes }));
  writeFileSync(join(args.outDir, 'site', 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

export async function buildCommand(options: { out?: string } = {}): Promise<void> {
  const outDir = resolve(options.out ?? 'dist');
  for (const entry of await buildAssets({ outDir })) {
    process.stdout.write(`${entry.file}  ${entry.gzipBytes} B gzipped\n`);
  }
}
