import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.test.ts', '**/*.test.tsx'],
    exclude: ['node_modules/**', 'e2e/**', 'dist/**', '.verso/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Skipping is reported, never silent: under CI=true a skipped test fails the run (see core/testing/require-service.ts).
    reporters: ['default'],
  },
});
