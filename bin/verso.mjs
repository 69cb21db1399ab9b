#!/usr/bin/env node
// `verso build-site` runs from a bundle of the CLI (bin/cli-bundle.mjs: its start-up is a fraction of tsx's);
// every other command, and build-site when the bundle cannot be made, runs the TypeScript sources directly
// (tsx), so a clean clone works without a build step.
if (process.argv[2] === 'build-site' && process.env.VERSO_CLI_BUNDLE !== 'off') {
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
