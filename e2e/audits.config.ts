import { defineConfig } from 'vitest/config';
import journeys from './vitest.config.ts';

// Lighthouse judges performance, so the audits run on their own, after the journeys, one file at a time.
export default defineConfig({
  test: {
    ...journeys.test,
    include: ['e2e/audits.e2e.ts'],
    exclude: [],
    fileParallelism: false,
    maxWorkers: 1,
  },
});
