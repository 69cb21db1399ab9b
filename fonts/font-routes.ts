import { Hono } from 'hono';
import { immutableAsset, missingAsset } from '../build/immutable-asset.ts';
import { fontCatalog } from './catalog.ts';

/**
 * `GET /_site/fonts/<family-id>-<weight>-<style>.<hash>.woff2`: the bundled files of the catalog and
 * nothing else. The name is looked up in the catalog, never joined onto a path, so no request can
 * reach another file; a stale hash is a 404 (the page that named it is older than this process).
 */
export function fontRoutes(): Hono {
  const app = new Hono();
  app.get('/_site/fonts/:file{[a-z0-9-]+\\.[a-f0-9]+\\.woff2}', (c) => {
    const file = fontCatalog().byFile.get(c.req.param('file'));
    if (!file) return missingAsset(c);
    return immutableAsset(c, { body: file.bytes, contentType: 'font/woff2', etag: file.etag });
  });
  return app;
}
