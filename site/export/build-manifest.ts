import { readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { purgedSince } from '../../core/cache/purge-journal.ts';
import type { Queryable } from '../../core/db/types.ts';

/** What a build remembers for the next `--incremental` (beside the folder, never in it: it is not for visitors). */
export interface Manifest {
  spaceId: string;
  host: string;
  baseUrl: string;
  journal: number;
  formEndpoint?: string;
  /** The headers of the site's pages (they change only with what re-renders every page). */
  securityHeaders: Array<[string, string]>;
  files: Record<string, FileEntry>;
}

export interface FileEntry {
  tags: string[];
  refs: string[];
  bytes: number;
  type?: string;
  cacheControl?: string;
  /** The page has forms with build stamps: every build with a form endpoint renews them. */
  forms?: true;
}

/**
 * Every page names the same design, menus, stylesheet and fonts, each time as a string of its own: kept once,
 * 100,000 pages' entries hold pointers rather than some 2 million copies.
 */
export function interner(): (s: string) => string {
  const strings = new Map<string, string>();
  return (s) => {
    const known = strings.get(s);
    if (known !== undefined) return known;
    strings.set(s, s);
    return s;
  };
}

/** The host rules that come from the files' own answers (kept files carry what the site sent with them). */
export function fileRules(files: Manifest['files'], feedFiles: ReadonlySet<string>) {
  const cacheControlOf = (prefix: string) =>
    Object.entries(files).find(([file, f]) => file.startsWith(prefix) && f.cacheControl)?.[1].cacheControl ??
    null;
  // A file whose name says nothing of its type (a media `original`), or whose extension hosts take for another
  // (a feed: `.xml` is `application/xml`, `.atom` often unknown), gets the type the site sent.
  const contentTypes = Object.entries(files)
    .filter(
      ([file, f]) =>
        f.type && ((file.startsWith('media/') && !/\.[a-z0-9]+$/i.test(file)) || feedFiles.has(file)),
    )
    .map(([file, f]) => ({ path: `/${file}`, type: f.type! }));
  return {
    immutableCacheControl: cacheControlOf('_site/') ?? 'public, max-age=31536000, immutable',
    mediaCacheControl: cacheControlOf('media/'),
    contentTypes,
  };
}

export const manifestPath = (out: string) => join(dirname(out), `.${basename(out)}.verso-build.json`);

/**
 * On disk (format 3) every tag and reference is written once, in `strings`, and files name them by index: the
 * pages of a space share most of theirs (design, menus, stylesheet, fonts), so 4,000 pages took 6.1 MB as plain
 * lists (format 2) and 100,000 would take some 150 MB, read back whole by the next incremental build.
 */
interface Stored extends Omit<Manifest, 'files'> {
  format: 3;
  strings: string[];
  files: Record<string, Omit<FileEntry, 'tags' | 'refs'> & { tags: number[]; refs: number[] }>;
}

export async function writeManifest(out: string, manifest: Manifest): Promise<void> {
  const index = new Map<string, number>();
  const ref = (s: string) => {
    const known = index.get(s);
    if (known !== undefined) return known;
    index.set(s, index.size);
    return index.size - 1;
  };
  const files: Stored['files'] = {};
  for (const [file, entry] of Object.entries(manifest.files))
    files[file] = { ...entry, tags: entry.tags.map(ref), refs: entry.refs.map(ref) };
  const stored: Stored = { ...manifest, format: 3, strings: [...index.keys()], files };
  // Synchronously: the promise form went through libuv's thread pool in chunks (tens of ms for 1.3 MB, loaded).
  writeFileSync(manifestPath(out), `${JSON.stringify(stored)}\n`);
}

/** The previous build's manifest; null when there is none, or of another format (the build is then full). */
export async function readManifest(out: string): Promise<Manifest | null> {
  try {
    const m = JSON.parse(readFileSync(manifestPath(out), 'utf8')) as Stored;
    if (m.format !== 3) return null;
    const { strings } = m;
    const files: Manifest['files'] = {};
    for (const [file, entry] of Object.entries(m.files))
      files[file] = {
        ...entry,
        tags: entry.tags.map((i) => strings[i]!),
        refs: entry.refs.map((i) => strings[i]!),
      };
    const { strings: _, format: __, ...rest } = m;
    return { ...rest, files };
  } catch {
    return null;
  }
}

/**
 * Where an incremental build starts: the previous manifest and the tags purged since it, or why the build is a
 * full one (no manifest, another space, host, base URL or form endpoint, a journal that no longer covers it).
 */
export async function startingPoint(
  db: Queryable,
  out: string,
  head: number,
  now: Pick<Manifest, 'spaceId' | 'host' | 'baseUrl' | 'formEndpoint'>,
): Promise<{ previous: Manifest | null; purged: Set<string> | null; fullBecause: string | undefined }> {
  const previous = await readManifest(out);
  const full = (fullBecause: string) => ({ previous, purged: null, fullBecause });
  if (!previous) return full('no previous build');
  if (previous.spaceId !== now.spaceId || previous.host !== now.host || previous.baseUrl !== now.baseUrl)
    return full('the previous build was of another space, host or base URL');
  if (previous.formEndpoint !== now.formEndpoint) return full('the form endpoint changed');
  const purged = await purgedSince(db, previous.journal, head);
  if (!purged) return full('the purge journal no longer covers the previous build');
  return { previous, purged, fullBecause: undefined };
}
