import { type Config, loadConfig } from '../../core/config/index.ts';
import { createServices, type Services } from '../services.ts';

/** Opens the services a one-shot command needs, runs it and closes the database. */
export async function withServices<T>(
  fn: (s: Services) => Promise<T>,
  config: Config = loadConfig(),
): Promise<T> {
  const services = await createServices(config);
  try {
    return await fn(services);
  } finally {
    await services.db.close();
  }
}

/** Progress lines only on a terminal, so piped output stays clean. */
export const progressLine = (stage: string, count: number) => {
  if (process.stderr.isTTY) process.stderr.write(`  ${stage}: ${count}\n`);
};
