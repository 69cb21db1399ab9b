#!/usr/bin/env node
// Runs one TypeScript file (benchmarks, build scripts) with tsx: `node bin/run-ts.mjs bench/run.ts`.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';

register();
const [file, ...rest] = process.argv.slice(2);
process.argv = [process.argv[0], file, ...rest];
await import(pathToFileURL(resolve(file)).href);
