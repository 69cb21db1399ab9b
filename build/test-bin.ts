import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeBundle } from '../bin/cli-bundle.mjs';

/**
 * Vitest's global setup (the suite): the CLI bundle (bin/cli-bundle.mjs) made once for the run, in a folder of
 * its own, for every process the run starts (VERSO_TEST_BIN, read by core/testing/processes.ts): started through
 * tsx, each of them loads some 470 modules through tsx's loader first (cli/cli.test used 60 s of CPU that way,
 * 47 s from the bundle). The folder sits inside the checkout so that the bundle's packages resolve from
 * node_modules.
 */
export default async function setup(): Promise<() => void> {
  const dir = fileURLToPath(
    new URL(`../node_modules/.cache/verso-test-bin-${randomBytes(4).toString('hex')}/`, import.meta.url),
  );
  const bundle = await makeBundle(dir);
  const bin = join(dir, 'verso.mjs');
  // As bin/cli-bundle.mjs does: where the bundle is, for the build's render threads (cli/commands/build-pool.ts).
  writeFileSync(
    bin,
    `globalThis[Symbol.for('verso.cliBundleFile')] = ${JSON.stringify(bundle)};\nimport { main } from ${JSON.stringify(bundle)};\nawait main(process.argv);\n`,
  );
  process.env.VERSO_TEST_BIN = bin;
  return () => {
    delete process.env.VERSO_TEST_BIN;
    rmSync(dir, { recursive: true, force: true });
  };
}
