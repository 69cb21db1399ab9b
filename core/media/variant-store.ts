import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { RENDER_VERSION, type VariantRenderer } from './render-variant.ts';
import { type VariantFormat, type VariantName, variantStorageName } from './signing.ts';
import type { MediaStorage } from './storage.ts';
import { VariantMemory } from './variant-memory.ts';
import type { Crop, FocalPoint } from './variant-plan.ts';

/** What a variant is made from: the original's bytes (by hash) and the editor's framing. */
export interface VariantSource {
  /** The asset's id, when known: a new original or framing of the asset drops its old bytes from memory. */
  id?: string;
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
  /** The bytes, when the file is small enough to be kept in memory (answered without touching the disk). */
  bytes?: Buffer;
}

export interface VariantStore {
  /** The variant's file on disk, rendered now if it is not there yet; concurrent first requests share one render. */
  file(source: VariantSource, preset: VariantName, format: VariantFormat): Promise<VariantFile>;
  /** What the store keeps in memory now (files and their bytes in all). */
  memoryUse(): { files: number; bytes: number };
}

/**
 * The file name of a variant: the original's hash, the variant and format, and a hash of what else shapes the
 * bytes (crop, focal point, renderer version). Moving the focal point makes a new file; the old one is never served.
 * A listed width that is a preset's (`w640`, `card`) names the same file: one render, one copy on disk and in memory.
 */
export function variantKey(source: VariantSource, preset: VariantName, format: VariantFormat): string {
  return `${source.sha256}/${variantStorageName(preset)}-${framingOf(source)}.${format}`;
}

const framingOf = (source: VariantSource) =>
  createHash('sha256')
    .update(JSON.stringify([RENDER_VERSION, source.crop, source.focalPoint]))
    .digest('hex')
    .slice(0, 12);

/** How much variant data a process keeps in memory by default: hot files only, small ones. */
export const variantMemoryDefaults = { maxBytes: 64 * 1024 * 1024, maxFileBytes: 512 * 1024 };

const etagOf = (key: string) => `"${createHash('sha256').update(key).digest('base64url').slice(0, 27)}"`;

/**
 * Variants rendered once and kept under `<dir>` (`DATA_DIR/media/variants`), whatever driver holds the originals.
 * Small files that were asked for are also kept in memory (`memory`, by default 64 MB in all, files up to
 * 512 KB): a hot variant answers from there without any file system call.
 */
export function variantStore(options: {
  dir: string;
  storage: MediaStorage;
  render: VariantRenderer;
  memory?: { maxBytes: number; maxFileBytes: number };
}): VariantStore {
  const inflight = new Map<string, Promise<VariantFile>>();
  const memory = new VariantMemory<VariantFile & { bytes: Buffer }>(options.memory ?? variantMemoryDefaults);
  // A source (an asset record from the tagged cache) is the same object on every hit: its keys are computed
  // once per object. A purge of the asset makes a new record, hence new keys.
  const keysBySource = new WeakMap<VariantSource, Map<string, string>>();
  const keyOf = (source: VariantSource, preset: VariantName, format: VariantFormat) => {
    let keys = keysBySource.get(source);
    if (!keys) {
      keys = new Map();
      keysBySource.set(source, keys);
    }
    const name = `${preset}.${format}`;
    let key = keys.get(name);
    if (key === undefined) {
      key = variantKey(source, preset, format);
      keys.set(name, key);
    }
    return key;
  };
  const keep = (source: VariantSource, key: string, file: VariantFile & { bytes: Buffer }) =>
    memory.set(
      key,
      file,
      source.id ? { id: source.id, identity: `${source.sha256}/${framingOf(source)}` } : undefined,
    );

  async function render(
    key: string,
    path: string,
    source: VariantSource,
    preset: VariantName,
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
    const file = { path, size: bytes.length, etag: etagOf(key), bytes };
    keep(source, key, file);
    return file;
  }

  async function fromDisk(source: VariantSource, key: string, path: string): Promise<VariantFile | null> {
    const onDisk = await stat(path).catch(() => null);
    if (!onDisk) return null;
    const file = { path, size: onDisk.size, etag: etagOf(key) };
    if (onDisk.size > memory.limits.maxFileBytes) return file;
    const bytes = await readFile(path).catch(() => null);
    if (!bytes) return null;
    const kept = { ...file, size: bytes.length, bytes };
    keep(source, key, kept);
    return kept;
  }

  return {
    async file(source, preset, format) {
      const key = keyOf(source, preset, format);
      const hot = memory.get(key);
      if (hot) return hot;
      const path = join(options.dir, key.slice(0, 2), key);
      const onDisk = await fromDisk(source, key, path);
      if (onDisk) return onDisk;
      let pending = inflight.get(key);
      if (!pending) {
        pending = render(key, path, source, preset, format).finally(() => inflight.delete(key));
        inflight.set(key, pending);
      }
      return pending;
    },
    memoryUse: () => ({ files: memory.size, bytes: memory.totalBytes }),
  };
}
