/**
 * Tests that need a real service (PostgreSQL via DATABASE_URL, Redis via REDIS_URL) run only when it is
 * configured. Locally they are skipped with a reason printed once; under CI=true a missing service fails.
 */
export function serviceUrl(name: 'DATABASE_URL' | 'REDIS_URL'): string | undefined {
  const url = process.env[name];
  if (url) return url;
  if (process.env.CI === 'true') throw new Error(`${name} must be set under CI=true: no test may be skipped`);
  process.stderr.write(`[skipped] tests that need ${name} (not set); set it to run them\n`);
  return undefined;
}
