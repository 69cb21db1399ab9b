import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildServerBundle } from './server-bundle.ts';

/**
 * Vitest's global setup (the suite and the e2e): bundles the `verso` command once for the processes the run
 * starts and names it in VERSO_TEST_BIN (read by core/testing/processes.ts); returns its removal. The bundle
 * sits under node_modules/.cache so that its imports of packages resolve as the sources' do.
 */
export default async function setup(): Promise<() => void> {
  const dir = fileURLToPath(
    new URL(`../node_modules/.cache/verso-test-bin-${randomBytes(4).toString('hex')}/`, import.meta.url),
  );
  process.env.VERSO_TEST_BIN = await buildServerBundle(dir);
  return () => {
    delete process.env.VERSO_TEST_BIN;
    rmSync(dir, { recursive: true, force: true });
  };
}
