#!/usr/bin/env node
// Runs the TypeScript sources directly (tsx), so a clean clone works without a build step.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../cli/main.ts');
await main(process.argv);
