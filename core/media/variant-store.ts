import { createHash } from 'node:crypto';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { RENDER_VERSION, type VariantRenderer } from './render-variant.ts';
import type { VariantFormat, VariantPreset } from './signing.ts';
import type { MediaStorage } from './storage.ts';
import type { Crop, FocalPoint } from './variant-plan.ts';

/** What a variant is made from: the original's bytes (by hash) and the editor's framing. */
export interface VariantSource {
  storageKey: string;
  sha256: string;
  crop: Crop | null;
  focalPoint: FocalPoint | null;
}

export interface VariantFile {
  path: string;
  size: number;
  /** Strong: the key names the exact inputs of the bytes. */
  etag: string;
}

export interface VariantStore {
  /** The variant's file on disk, rendered now if it is not there yet; concurrent first requests share one render. */
  file(source: VariantSource, preset: VariantPreset, format: VariantFormat): Promise<VariantFile>;
}

/**
 * The file name of a variant: the original's hash, the preset and format, and a hash of what else shapes the
 * bytes (crop, focal point, renderer version). Moving the focal point makes a new file; the old one is never served.
 */
export function variantKey(source: VariantSource, preset: VariantPreset, format: VariantFormat): string {
  const framing = createHash('sha256')
    .update(JSON.stringify([RENDER_VERSION, source.crop, source.focalPoint]))
    .digest('hex')
    .slice(0, 12);
  return `${source.sha256}/${preset}-${framing}.${format}`;
}

const etagOf = (key: string) => `"${createHash('sha256').update(key).digest('base64url').slice(0, 27)}"`;

/** Variants rendered once and kept under `<dir>` (`DATA_DIR/media/variants`), whatever driver holds the originals. */
export function variantStore(options: {
  dir: string;
  storage: MediaStorage;
  render: VariantRenderer;
}): VariantStore {
  const inflight = new Map<string, Promise<VariantFile>>();

  async function render(
    key: string,
    path: string,
    source: VariantSource,
    preset: VariantPreset,
    format: VariantFormat,
  ) {
    const original = await options.storage.get(source.storageKey);
    const bytes = await options.render(original, {
      preset,
      format,
      crop: source.crop,
      focalPoint: source.focalPoint,
    });
    await mkdir(dirname(path), { recursive: true });
    // Another process may render the same key at once: each writes its own temp file and the rename is atomic.
    const tmp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    await writeFile(tmp, bytes);
    await rename(tmp, path);
    return { path, size: bytes.length, etag: etagOf(key) };
  }

  return {
    async file(source, preset, format) {
      const key = variantKey(source, preset, format);
      const path = join(options.dir, key.slice(0, 2), key);
      const onDisk = await stat(path).catch(() => null);
      if (onDisk) return { path, size: onDisk.size, etag: etagOf(key) };
      let pending = inflight.get(key);
      if (!pending) {
        pending = render(key, path, source, preset, format).finally(() => inflight.delete(key));
        inflight.set(key, pending);
      }
      return pending;
    },
  };
}
