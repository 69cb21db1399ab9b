import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { memoryStorage } from './memory-storage.ts';
import { sharpRenderer, type VariantRenderer } from './render-variant.ts';
import { twoColourImage } from './test-images.ts';
import { type VariantSource, variantStore } from './variant-store.ts';

async function setup() {
  const storage = memoryStorage();
  const bytes = await twoColourImage({ width: 1000, height: 500, format: 'jpeg' });
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  await storage.put(sha256, bytes);
  const renders: string[] = [];
  // The real renderer, counted: the store must call it once per variant, however many ask at once.
  const render: VariantRenderer = (original, args) => {
    renders.push(`${args.preset}.${args.format}`);
    return sharpRenderer(original, args);
  };
  const dir = mkdtempSync(join(tmpdir(), 'verso-variants-'));
  const source: VariantSource = { storageKey: sha256, sha256, crop: null, focalPoint: null };
  return { storage, renders, source, dir, store: variantStore({ dir, storage, render }) };
}

describe('variantStore', () => {
  it('renders a variant once for ten concurrent first requests and keeps it on disk', async () => {
    const { store, renders, source } = await setup();
    const files = await Promise.all(Array.from({ length: 10 }, () => store.file(source, 'card', 'webp')));
    expect(renders).toEqual(['card.webp']);
    expect(new Set(files.map((f) => f.path)).size).toBe(1);
    const bytes = await readFile(files[0]!.path);
    expect(bytes.length).toBe(files[0]!.size);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: 640, height: 320 });
    const again = await store.file(source, 'card', 'webp');
    expect(again).toEqual(files[0]);
    expect(renders).toEqual(['card.webp']);
  });

  it('serves a listed width that is a preset’s width from the preset’s file: one render', async () => {
    const { store, renders, source } = await setup();
    const card = await store.file(source, 'card', 'webp');
    expect(await store.file(source, 'w640', 'webp')).toEqual(card);
    const w480 = await store.file(source, 'w480', 'webp');
    expect(w480.path).not.toBe(card.path);
    expect(await sharp(await readFile(w480.path)).metadata()).toMatchObject({ width: 480, height: 240 });
    expect(renders).toEqual(['card.webp', 'w480.webp']);
  });

  it('finds variants another store (process) rendered into the same folder', async () => {
    const { store, source, dir, storage, renders } = await setup();
    const first = await store.file(source, 'thumb', 'avif');
    const other = variantStore({ dir, storage, render: () => Promise.reject(new Error('must not render')) });
    expect(await other.file(source, 'thumb', 'avif')).toEqual(first);
    expect(renders).toEqual(['thumb.avif']);
  });

  it('makes a new file, with a new strong ETag, when the focal point or crop moves', async () => {
    const { store, source, renders } = await setup();
    const before = await store.file(source, 'hero', 'jpeg');
    const moved = await store.file({ ...source, focalPoint: { x: 0.2, y: 0.5 } }, 'hero', 'jpeg');
    const cropped = await store.file(
      { ...source, crop: { x: 0, y: 0, width: 0.5, height: 1 } },
      'hero',
      'jpeg',
    );
    expect(new Set([before.path, moved.path, cropped.path]).size).toBe(3);
    expect(new Set([before.etag, moved.etag, cropped.etag]).size).toBe(3);
    expect(before.etag).toMatch(/^"[^"]+"$/);
    expect(renders).toHaveLength(3);
    expect(await sharp(cropped.path).metadata()).toMatchObject({ width: 500, height: 500 });
  });

  it('renders again after a failed render instead of keeping the failure', async () => {
    const { storage, source, dir } = await setup();
    let calls = 0;
    const flaky: VariantRenderer = (original, args) => {
      calls += 1;
      return calls === 1 ? Promise.reject(new Error('disk full')) : sharpRenderer(original, args);
    };
    const store = variantStore({ dir, storage, render: flaky });
    await expect(store.file(source, 'thumb', 'png')).rejects.toThrow('disk full');
    expect((await store.file(source, 'thumb', 'png')).size).toBeGreaterThan(0);
    expect(calls).toBe(2);
  });

  it('answers a hot variant from memory, without the file system', async () => {
    const { store, source, renders, dir } = await setup();
    const first = await store.file(source, 'card', 'webp');
    expect(first.bytes?.equals(await readFile(first.path))).toBe(true);
    // Gone from disk (deleting the variants folder is allowed at any time): memory still has the same bytes.
    await rm(dir, { recursive: true, force: true });
    const again = await store.file(source, 'card', 'webp');
    expect(again.bytes?.equals(first.bytes!)).toBe(true);
    expect(again.etag).toBe(first.etag);
    expect(renders).toEqual(['card.webp']);
    expect(store.memoryUse()).toEqual({ files: 1, bytes: first.size });
  });

  it('reads a variant another process rendered into memory once, and streams files above the size limit', async () => {
    const { store, source, dir, storage } = await setup();
    const rendered = await store.file(source, 'hero', 'png');
    const small = variantStore({
      dir,
      storage,
      render: () => Promise.reject(new Error('must not render')),
      memory: { maxBytes: 10_000_000, maxFileBytes: rendered.size - 1 },
    });
    const streamed = await small.file(source, 'hero', 'png');
    expect(streamed.bytes).toBeUndefined();
    expect(streamed).toEqual({ path: rendered.path, size: rendered.size, etag: rendered.etag });
    expect(small.memoryUse()).toEqual({ files: 0, bytes: 0 });
    const thumb = await store.file(source, 'thumb', 'png');
    const fromDisk = await small.file(source, 'thumb', 'png');
    expect(fromDisk.bytes?.equals(thumb.bytes!)).toBe(true);
    expect(small.memoryUse()).toEqual({ files: 1, bytes: thumb.size });
  });

  it("drops an asset's bytes from memory when its focal point or original changes", async () => {
    const { store, source } = await setup();
    const asset = { ...source, id: 'asset-1' };
    await store.file(asset, 'card', 'webp');
    await store.file(asset, 'thumb', 'webp');
    expect(store.memoryUse().files).toBe(2);
    const moved = await store.file({ ...asset, focalPoint: { x: 0.9, y: 0.5 } }, 'card', 'webp');
    expect(store.memoryUse()).toEqual({ files: 1, bytes: moved.size });
  });
});
