import { closeSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { type Purged, purgedSince } from '../../core/cache/purge-journal.ts';
import { cacheTags } from '../../core/cache/tags.ts';
import type { Queryable } from '../../core/db/types.ts';

/** What a build remembers for the next `--incremental` (beside the folder, never in it: it is not for visitors). */
export interface Manifest {
  spaceId: string;
  host: string;
  baseUrl: string;
  journal: number;
  formEndpoint?: string;
  /** The digest of every published document's permalinks (build-routes.ts, `pagePaths`); absent before. */
  permalinks?: string;
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

/**
 * The same list once: every page of a design refers to the same stylesheet, scripts and fonts, so 100,000 pages'
 * `refs` are a handful of lists rather than 100,000 (never changed once made: entries are replaced, not edited).
 */
export function listInterner(intern: (s: string) => string): (list: readonly string[]) => string[] {
  const lists = new Map<string, string[]>();
  return (list) => {
    const key = list.join('\n');
    const known = lists.get(key);
    if (known) return known;
    const kept = list.map(intern);
    lists.set(key, kept);
    return kept;
  };
}

/** The host rules that come from the files' own answers (kept files carry what the site sent with them). */
export function fileRules(files: Manifest['files'], feedFiles: ReadonlySet<string>) {
  // One pass over the entries without listing them (100,000 [file, entry] pairs, twice, were garbage).
  let immutable: string | undefined;
  let media: string | undefined;
  const contentTypes: Array<{ path: string; type: string }> = [];
  for (const file in files) {
    const f = files[file]!;
    if (f.cacheControl && immutable === undefined && file.startsWith('_site/')) immutable = f.cacheControl;
    if (f.cacheControl && media === undefined && file.startsWith('media/')) media = f.cacheControl;
    // A file whose name says nothing of its type (a media `original`), or whose extension hosts take for another
    // (a feed: `.xml` is `application/xml`, `.atom` often unknown), gets the type the site sent.
    if (f.type && ((file.startsWith('media/') && !/\.[a-z0-9]+$/i.test(file)) || feedFiles.has(file)))
      contentTypes.push({ path: `/${file}`, type: f.type });
  }
  return {
    immutableCacheControl: immutable ?? 'public, max-age=31536000, immutable',
    mediaCacheControl: media ?? null,
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

/**
 * Written as it is made, a few dozen KB at a time: the whole file as one string (32 MB for 100,000 pages), beside
 * a second copy of every entry with its tags as indices, was the build's largest moment of memory (issue 42).
 * Synchronously: the promise form went through libuv's thread pool in chunks (tens of ms for 1.3 MB, loaded). Into
 * a file beside it, renamed over the manifest at the end: a build stopped meanwhile leaves the previous manifest.
 */
export async function writeManifest(out: string, manifest: Manifest): Promise<void> {
  const index = new Map<string, number>();
  const ref = (s: string) => {
    const known = index.get(s);
    if (known !== undefined) return known;
    index.set(s, index.size);
    return index.size - 1;
  };
  const { files, ...head } = manifest;
  const path = manifestPath(out);
  const part = `${path}.part`;
  const fd = openSync(part, 'w');
  try {
    let chunk = `${JSON.stringify(head).slice(0, -1)},"files":{`;
    let first = true;
    const flush = (min: number) => {
      if (chunk.length < min) return;
      writeSync(fd, chunk);
      chunk = '';
    };
    for (const file in files) {
      const entry = files[file]!;
      const stored = { ...entry, tags: entry.tags.map(ref), refs: entry.refs.map(ref) };
      chunk += `${first ? '' : ','}${JSON.stringify(file)}:${JSON.stringify(stored)}`;
      first = false;
      flush(CHUNK_CHARS);
    }
    chunk += '},"format":3,"strings":[';
    first = true;
    for (const s of index.keys()) {
      chunk += `${first ? '' : ','}${JSON.stringify(s)}`;
      first = false;
      flush(CHUNK_CHARS);
    }
    chunk += ']}\n';
    flush(0);
  } finally {
    closeSync(fd);
  }
  renameSync(part, path);
}

const CHUNK_CHARS = 64 * 1024;

/** The previous build's manifest; null when there is none, or of another format (the build is then full). */
export async function readManifest(out: string): Promise<Manifest | null> {
  try {
    const m = JSON.parse(readFileSync(manifestPath(out), 'utf8')) as Stored;
    if (m.format !== 3) return null;
    const { strings } = m;
    // Each entry's indices are turned into its strings where it is, rather than into a second copy of every
    // entry (100,000 pages' worth held twice).
    const files = m.files as unknown as Manifest['files'];
    for (const file in m.files) {
      const entry = m.files[file]! as Stored['files'][string] | FileEntry;
      entry.tags = (entry.tags as number[]).map((i) => strings[i]!);
      entry.refs = (entry.refs as number[]).map((i) => strings[i]!);
    }
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
): Promise<{ previous: Manifest | null; purged: Purged | null; fullBecause: string | undefined }> {
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

/**
 * Whether a purge since the previous build touched a file it kept the tags of. A feed lists one content type in
 * one locale (site/seo/feeds.ts), so its `lists:<space>` tag counts only for purges of every list or of its own
 * (`cacheTags.listsOf`: a publish names its document's type and locale); any other file's lists may be of any
 * type, and count for every list purge.
 */
const SITEMAP = /^sitemap(-\d+)?\.xml$/;

export function purgeTouches(
  purged: Purged,
  spaceId: string,
  feeds: ReadonlyArray<{ file: string; type: string; locale: string }>,
  samePermalinks: boolean,
): (file: string, tags: readonly string[]) => boolean {
  const lists = cacheTags.lists(spaceId);
  const ownList = new Map(feeds.map((f) => [f.file, cacheTags.listsOf(spaceId, f.type, f.locale)]));
  const doc = cacheTags.document('');
  return (file, tags) =>
    tags.some((t) => {
      if (!purged.tags.has(t)) return false;
      // The sitemap shows of its documents their addresses alone (site/seo/sitemap-entries.ts): when none
      // changed, a publish leaves it as it was (its settings, domains and design tags still count).
      if (samePermalinks && SITEMAP.test(file) && (t === lists || t.startsWith(doc))) return false;
      const own = t === lists ? ownList.get(file) : undefined;
      return own === undefined || purged.everyList.has(t) || purged.tags.has(own);
    });
}
