import { readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

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
  await writeFile(manifestPath(out), `${JSON.stringify(stored)}\n`);
}

/** The previous build's manifest; null when there is none, or of another format (the build is then full). */
export async function readManifest(out: string): Promise<Manifest | null> {
  try {
    const m = JSON.parse(await readFile(manifestPath(out), 'utf8')) as Stored;
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
