import { defineConfig } from 'vitest/config';

// End-to-end journeys against real processes (PostgreSQL, Redis, `verso serve` by role) and real Chromium.
// Each file starts its own stack (own database, Redis key prefix, free ports), so two files run at a time;
// the browser audits, which judge speed, run after them alone (e2e/audits.config.ts).
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    exclude: ['e2e/audits.e2e.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: true,
    maxWorkers: 2,
    pool: 'forks',
    // Everything the run writes under the system's temporary directory is removed at its end.
    globalSetup: ['core/testing/temp-root.ts'],
    allowOnly: process.env.CI !== 'true',
  },
});
