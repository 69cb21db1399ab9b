import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface S3rverInstance {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;

/**
 * A real S3-compatible server (s3rver, a dev dependency) on a free local port, so the S3 driver is tested
 * against HTTP and the S3 protocol rather than a mock. For tests and benches only.
 */
export async function startLocalS3(bucket: string): Promise<{ endpoint: string; close(): Promise<void> }> {
  // s3rver ships no types; it is a CommonJS module.
  const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;
  const directory = await mkdtemp(join(tmpdir(), 'verso-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
