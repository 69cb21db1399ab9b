import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.test.ts', '**/*.test.tsx'],
    exclude: ['node_modules/**', 'e2e/**', 'dist/**', '.verso/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Everything the run writes under the system's temporary directory is removed at its end.
    globalSetup: ['core/testing/temp-root.ts', 'build/test-bin.ts'],
    // Vitest runs one file at a time on two CPUs (CPUs - 1). The files mostly wait on PostgreSQL, Redis and the
    // processes they start: two at a time took the suite from 959 to 716 s on the CI machine kind (2026-11-27).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Skipping is reported, never silent: under CI=true a skipped test fails the run (see core/testing/require-service.ts).
    reporters: ['default'],
  },
});
