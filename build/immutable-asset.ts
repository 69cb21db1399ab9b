import type { Context } from 'hono';
import { AppError, toErrorBody } from '../core/errors/app-error.ts';
import { contentHash, strongEtag } from '../styles/content-hash.ts';
import type { ScriptBundle } from './islands.ts';

/**
 * The answer for a file whose name carries its content hash (stylesheets, islands, fonts): cached for a
 * year and never revalidated (`immutable`), with a strong ETag so a conditional request still gets 304.
 */

export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export interface ImmutableAsset {
  body: string | Uint8Array;
  contentType: string;
  /** A strong ETag, quoted: `"<sha256>"`. */
  etag: string;
}

/** True when `If-None-Match` lists the ETag (or `*`); weak forms match too (RFC 9110 weak comparison). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}

export function immutableAsset(c: Context, asset: ImmutableAsset): Response {
  const headers = { 'Cache-Control': IMMUTABLE_CACHE_CONTROL, ETag: asset.etag };
  if (etagMatches(c.req.header('If-None-Match'), asset.etag)) return c.body(null, 304, headers);
  const body = typeof asset.body === 'string' ? asset.body : new Uint8Array(asset.body);
  return c.body(body, 200, { ...headers, 'Content-Type': asset.contentType });
}

/**
 * The 404 of a hashed file this process does not answer: the error body of every process, and never kept by a
 * cache. The same name may be answered a moment later (another process's newer build, a sheet whose design is
 * being published), so an edge must not hold the 404 (Varnish keeps an answer without Cache-Control 2 min).
 */
export function missingAsset(c: Context): Response {
  return c.json(toErrorBody(new AppError('route.notFound')), 404, { 'Cache-Control': 'no-store' });
}

/** A stylesheet named by its content hash: `<name>.<hash>.css` under `prefix`. */
export interface HashedStylesheet {
  file: string;
  url: string;
  css: string;
  etag: string;
}

export function hashedStylesheet(name: string, prefix: string, css: string): HashedStylesheet {
  const file = `${name}.${contentHash(css)}.css`;
  return { file, url: prefix + file, css, etag: strongEtag(css) };
}

/** The files of a browser app (the canvas, the studio): its script bundle and its stylesheet. */
export interface AppBundle {
  script: ScriptBundle;
  stylesheet: HashedStylesheet;
}

/** The answer for `file` when it is the bundle's script or stylesheet; undefined for any other name. */
export function bundleFile(c: Context, bundle: AppBundle, file: string): Response | undefined {
  const { script, stylesheet } = bundle;
  if (file === script.file)
    return immutableAsset(c, {
      body: script.code,
      contentType: 'text/javascript; charset=utf-8',
      etag: script.etag,
    });
  if (file === stylesheet.file)
    return immutableAsset(c, {
      body: stylesheet.css,
      contentType: 'text/css; charset=utf-8',
      etag: stylesheet.etag,
    });
  return undefined;
}
