#!/usr/bin/env node
// Commands run from a bundle of the CLI (bin/cli-bundle.mjs), made on first use: through tsx a command first loads
// some 470 TypeScript modules (seconds of CPU before `verso serve` listens, on every start and scale-out). `verso
// dev` and `verso init` run the TypeScript sources directly (tsx): dev is where Verso's own sources are edited,
// and init writes files and ends. Every command falls back to the sources when the bundle cannot be made (a
// read-only install without one), and `VERSO_CLI_BUNDLE=off` asks for them, so a clean clone works without a
// build step.
const fromBundle = !['dev', 'init'].includes(process.argv[2] ?? '') && process.env.VERSO_CLI_BUNDLE !== 'off';
if (fromBundle) {
  const { bundledMain } = await import('./cli-bundle.mjs');
  const main = await bundledMain();
  if (main) {
    await main(process.argv);
    // Nothing else of this file runs.
  } else await fromSources();
} else await fromSources();

async function fromSources() {
  const { register } = await import('tsx/esm/api');
  // Verso's own tsconfig (JSX for hono/jsx), whatever folder the command runs in: a site project's
  // `npx verso dev` runs in the project, where no tsconfig (or another one) would apply to Verso's files.
  register({ tsconfig: new URL('../tsconfig.json', import.meta.url).pathname });
  const { main } = await import('../cli/main.ts');
  await main(process.argv);
}
