import { readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** What a build remembers for the next `--incremental` (beside the folder, never in it: it is not for visitors). */
export interface Manifest {
  format: 2;
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

export async function readManifest(out: string): Promise<Manifest | null> {
  try {
    const m = JSON.parse(await readFile(manifestPath(out), 'utf8')) as Manifest;
    return m.format === 2 ? m : null;
  } catch {
    return null;
  }
}
