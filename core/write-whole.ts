import { randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Writes `file` whole or not at all, for processes reading it meanwhile: under another name in its folder (made
 * when missing), then renamed over it.
 */
export function writeWhole(file: string, data: string | Uint8Array): void {
  mkdirSync(dirname(file), { recursive: true });
  const partial = `${file}.${randomBytes(4).toString('hex')}`;
  writeFileSync(partial, data);
  renameSync(partial, file);
}
