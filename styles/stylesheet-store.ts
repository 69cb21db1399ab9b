import { type Context, Hono } from 'hono';
import { immutableAsset, missingAsset } from '../build/immutable-asset.ts';
import type { CompiledCss } from './compile.ts';
import { strongEtag } from './content-hash.ts';

/**
 * Compiled stylesheets in this process's memory, by the key they were compiled for (space, revision,
 * registry schema version; or a page's instance styles) and by content hash, which is how
 * `/_site/<hash>.css` finds them. A key is compiled once, also under concurrent requests. Least
 * recently used sheets go first when the count or the byte cap is reached.
 */

export interface StoredStylesheet extends CompiledCss {
  etag: string;
}

export interface StylesheetStore {
  /** The site stylesheet of `key` (`${spaceId}:${revision}:${schemaVersion}`), compiled once. */
  getSiteStylesheet(
    key: string,
    compute: () => CompiledCss | Promise<CompiledCss>,
  ): Promise<StoredStylesheet>;
  /** A page stylesheet (site rules plus instance overrides), keyed by the caller, e.g. site hash + styles. */
  getPageStylesheet(
    key: string,
    compute: () => CompiledCss | Promise<CompiledCss>,
  ): Promise<StoredStylesheet>;
  /** Keeps an already compiled stylesheet (one recompiled after a miss, for instance). */
  put(compiled: CompiledCss): StoredStylesheet;
  stylesheetByHash(hash: string): StoredStylesheet | undefined;
}

export interface StylesheetStoreOptions {
  /** Stylesheets kept at most (default 500). */
  maxEntries?: number;
  /** Bytes of CSS kept at most (default 64 MiB). */
  maxBytes?: number;
}

export function createStylesheetStore(options: StylesheetStoreOptions = {}): StylesheetStore {
  const maxEntries = options.maxEntries ?? 500;
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  // Map order is insertion order: re-inserting on use keeps the least recently used first.
  const sheets = new Map<string, StoredStylesheet>();
  const keys = new Map<string, string>();
  const pending = new Map<string, Promise<StoredStylesheet>>();
  let bytes = 0;

  const touch = (hash: string): StoredStylesheet | undefined => {
    const sheet = sheets.get(hash);
    if (!sheet) return undefined;
    sheets.delete(hash);
    sheets.set(hash, sheet);
    return sheet;
  };

  const put = (compiled: CompiledCss): StoredStylesheet => {
    const existing = touch(compiled.hash);
    if (existing) return existing;
    const sheet = { css: compiled.css, hash: compiled.hash, etag: compiled.etag ?? strongEtag(compiled.css) };
    sheets.set(sheet.hash, sheet);
    bytes += sheet.css.length;
    for (const [hash, old] of sheets) {
      if (sheets.size <= maxEntries && bytes <= maxBytes) break;
      if (hash === sheet.hash) continue;
      sheets.delete(hash);
      bytes -= old.css.length;
    }
    return sheet;
  };

  const get = async (key: string, compute: () => CompiledCss | Promise<CompiledCss>) => {
    const known = keys.get(key);
    const sheet = known === undefined ? undefined : touch(known);
    if (sheet) return sheet;
    const running = pending.get(key);
    if (running) return running;
    const promise = (async () => {
      try {
        const stored = put(await compute());
        keys.delete(key);
        keys.set(key, stored.hash);
        if (keys.size > maxEntries * 2) keys.delete(keys.keys().next().value!);
        return stored;
      } finally {
        pending.delete(key);
      }
    })();
    pending.set(key, promise);
    return promise;
  };

  return {
    getSiteStylesheet: get,
    getPageStylesheet: get,
    put,
    stylesheetByHash: touch,
  };
}

export interface StylesheetRouteOptions {
  /**
   * Called for a hash this process does not hold (another replica rendered the page, or it was
   * evicted): the site can recompile the host's current stylesheet and return it; it is served only
   * if its hash is the one asked for.
   */
  onMiss?: (c: Context, hash: string) => Promise<CompiledCss | undefined>;
}

/** `GET /_site/<hash>.css`: immutable, `text/css`, strong ETag. The site process mounts it. */
export function stylesheetRoutes(store: StylesheetStore, options: StylesheetRouteOptions = {}): Hono {
  const app = new Hono();
  app.get('/_site/:file{[a-z0-9]+\\.css}', async (c) => {
    const hash = c.req.param('file').slice(0, -'.css'.length);
    let sheet = store.stylesheetByHash(hash);
    if (!sheet && options.onMiss) {
      const compiled = await options.onMiss(c, hash);
      if (compiled?.hash === hash) sheet = store.put(compiled);
    }
    if (!sheet) return missingAsset(c);
    return immutableAsset(c, { body: sheet.css, contentType: 'text/css; charset=utf-8', etag: sheet.etag });
  });
  return app;
}
