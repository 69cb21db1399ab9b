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

/**
 * One line per finished stage, on a terminal and off it alike (CI and container logs show how far an import
 * got); plain lines, never carriage-return updates, so logs stay readable.
 */
export const progressLine = (stage: string, count: number) => {
  process.stdout.write(`  ${stage}: ${count}\n`);
};
