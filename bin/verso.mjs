#!/usr/bin/env node
// Runs the TypeScript sources directly (tsx), so a clean clone works without a build step.
import { register } from 'tsx/esm/api';

// Verso's own tsconfig (JSX for hono/jsx), whatever folder the command runs in: a site project's
// `npx verso dev` runs in the project, where no tsconfig (or another one) would apply to Verso's files.
register({ tsconfig: new URL('../tsconfig.json', import.meta.url).pathname });
const { main } = await import('../cli/main.ts');
await main(process.argv);
