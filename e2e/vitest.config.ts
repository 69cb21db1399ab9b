import { defineConfig } from 'vitest/config';

// End-to-end journeys against real processes (PostgreSQL, Redis, `verso serve` by role) and real Chromium.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    pool: 'forks',
    // Everything the run writes under the system's temporary directory is removed at its end.
    globalSetup: ['core/testing/temp-root.ts'],
    allowOnly: process.env.CI !== 'true',
  },
});
