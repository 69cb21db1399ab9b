import { appendFileSync, closeSync, openSync, readFileSync, renameSync, statSync, writeSync } from 'node:fs';
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
 * On disk every tag and reference is written once, in `strings`, and files name them by index: the pages of a
 * space share most of theirs (design, menus, stylesheet, fonts), so 4,000 pages took 6.1 MB as plain lists
 * (format 2) and 100,000 would take some 150 MB, read back whole by the next incremental build. Format 4 is a
 * first line of format 3 (the whole manifest) and after it a line for each incremental build since (`Delta`):
 * what it rewrote, removed and the new strings, and the manifest's head. Format 3 is read as format 4 with no
 * line after the first.
 */
interface Stored extends Omit<Manifest, 'files'> {
  format: 3 | 4;
  strings: string[];
  files: Record<string, StoredEntry>;
}

type StoredEntry = Omit<FileEntry, 'tags' | 'refs'> & { tags: number[]; refs: number[] };

/** An incremental build's line: indices go on from the strings of the lines before it. */
interface Delta {
  head: Omit<Manifest, 'files'>;
  set: Record<string, StoredEntry>;
  gone: string[];
  strings: string[];
}

/** What a manifest read from disk was made of there, for the build that writes the next one (`writeManifest`). */
const onDisk = new WeakMap<Manifest, { bytes: number; files: number; changed: number; strings: string[] }>();

/**
 * An incremental build's manifest goes on the end of the previous one as a line (`Delta`) while the lines after
 * the first hold fewer entries than this share of the files: after one publish it wrote 1.3 MB again for 6 files
 * (20–55 ms), now some hundreds of bytes. Past it, the whole manifest is written again, as one line.
 */
const DELTA_SHARE = 0.25;

/**
 * Written as it is made, a few dozen KB at a time: the whole file as one string (32 MB for 100,000 pages), beside
 * a second copy of every entry with its tags as indices, was the build's largest moment of memory (issue 42).
 * Synchronously: the promise form went through libuv's thread pool in chunks (tens of ms for 1.3 MB, loaded). Into
 * a file beside it, renamed over the manifest at the end: a build stopped meanwhile leaves the previous manifest.
 * With `previous` (the manifest this build started from, as `readManifest` gave it, still the file on disk), what
 * changed since is added to that file as a line (`DELTA_SHARE`); a line cut short by a stop is not read.
 */
export async function writeManifest(
  out: string,
  manifest: Manifest,
  previous?: Manifest | null,
): Promise<void> {
  const path = manifestPath(out);
  const was = previous ? onDisk.get(previous) : undefined;
  if (previous && was && appendDelta(path, manifest, previous, was)) return;
  const index = new Map<string, number>();
  const ref = indexer(index);
  const { files, ...head } = manifest;
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
      chunk += `${first ? '' : ','}${JSON.stringify(file)}:${JSON.stringify(stored(files[file]!, ref))}`;
      first = false;
      flush(CHUNK_CHARS);
    }
    chunk += '},"format":4,"strings":[';
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

/** A string's index in the manifest's table (`index`), added at its end when new (and to `added`). */
function indexer(index: Map<string, number>, added?: string[]): (s: string) => number {
  return (s) => {
    const known = index.get(s);
    if (known !== undefined) return known;
    index.set(s, index.size);
    added?.push(s);
    return index.size - 1;
  };
}

const stored = (entry: FileEntry, ref: (s: string) => number): StoredEntry => ({
  ...entry,
  tags: entry.tags.map(ref),
  refs: entry.refs.map(ref),
});

/**
 * `manifest` as a line on the end of the file `previous` was read from; false (nothing written) when the file is
 * no longer the one read, or the lines after the first would hold too many entries (`DELTA_SHARE`). A kept file's
 * entry is the previous one itself (build-site.ts, `keep`): an entry that is another object was rewritten.
 */
function appendDelta(
  path: string,
  manifest: Manifest,
  previous: Manifest,
  was: { bytes: number; files: number; changed: number; strings: string[] },
): boolean {
  const { files, ...head } = manifest;
  const set: Record<string, FileEntry> = {};
  let changed = 0;
  for (const file in files)
    if (files[file] !== previous.files[file]) {
      set[file] = files[file]!;
      changed++;
    }
  const gone = Object.keys(previous.files).filter((f) => !files[f]);
  if (was.changed + changed + gone.length > was.files * DELTA_SHARE) return false;
  try {
    if (statSync(path).size !== was.bytes) return false;
  } catch {
    return false;
  }
  const fresh: string[] = [];
  const ref = indexer(new Map(was.strings.map((s, i) => [s, i])), fresh);
  const storedSet: Delta['set'] = {};
  for (const file in set) storedSet[file] = stored(set[file]!, ref);
  const delta: Delta = { head, set: storedSet, gone, strings: fresh };
  appendFileSync(path, `${JSON.stringify(delta)}\n`);
  return true;
}

/** The previous build's manifest; null when there is none, or of another format (the build is then full). */
export async function readManifest(out: string): Promise<Manifest | null> {
  try {
    const raw = readFileSync(manifestPath(out));
    const text = raw.toString('utf8');
    const firstLine = text.indexOf('\n');
    const m = JSON.parse(firstLine < 0 ? text : text.slice(0, firstLine)) as Stored;
    if (m.format !== 3 && m.format !== 4) return null;
    const { strings: baseStrings, format: _, files: storedFiles, ...baseHead } = m;
    let head: Omit<Manifest, 'files'> = baseHead;
    const strings = baseStrings;
    let changed = 0;
    let bytes = firstLine < 0 ? text.length : firstLine + 1;
    // The incremental builds' lines, in order; one cut short (a build stopped while writing it) ends them.
    while (bytes < text.length) {
      const end = text.indexOf('\n', bytes);
      if (end < 0) break;
      let delta: Delta;
      try {
        delta = JSON.parse(text.slice(bytes, end)) as Delta;
      } catch {
        break;
      }
      bytes = end + 1;
      strings.push(...delta.strings);
      for (const file in delta.set) storedFiles[file] = delta.set[file]!;
      for (const file of delta.gone) delete storedFiles[file];
      changed += Object.keys(delta.set).length + delta.gone.length;
      head = delta.head;
    }
    // Each entry's indices are turned into its strings where it is, rather than into a second copy of every
    // entry (100,000 pages' worth held twice).
    const files = storedFiles as unknown as Manifest['files'];
    let count = 0;
    for (const file in storedFiles) {
      const entry = storedFiles[file]! as StoredEntry | FileEntry;
      entry.tags = (entry.tags as number[]).map((i) => strings[i]!);
      entry.refs = (entry.refs as number[]).map((i) => strings[i]!);
      count++;
    }
    const manifest: Manifest = { ...head, files };
    // A file with a line cut short is written whole by the next build.
    onDisk.set(manifest, { bytes: bytes === text.length ? raw.length : -1, files: count, changed, strings });
    return manifest;
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
  const atAddress = cacheTags.listsAtAddress(spaceId);
  return (file, tags) =>
    tags.some((t) => {
      if (!purged.tags.has(t)) return false;
      // A 404 page that shows no list has `lists` for its address's lookup alone (handle-page.ts), and the build
      // asks for it at an address no document has: a publish leaves it as it was (its menus' documents count).
      if (t === lists && tags.includes(atAddress)) return false;
      // The sitemap shows of its documents their addresses alone (site/seo/sitemap-entries.ts): when none
      // changed, a publish leaves it as it was (its settings, domains and design tags still count).
      if (samePermalinks && SITEMAP.test(file) && (t === lists || t.startsWith(doc))) return false;
      const own = t === lists ? ownList.get(file) : undefined;
      return own === undefined || purged.everyList.has(t) || purged.tags.has(own);
    });
}
