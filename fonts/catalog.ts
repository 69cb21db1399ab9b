import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { BUNDLED_FAMILIES, type BundledFamily } from '../core/designs/index.ts';

/**
 * The bundled font files: for each of the ten families, the latin subset of every weight and style a
 * theme may pick (`BUNDLED_FAMILIES`), read from its @fontsource package. Each file is served under a
 * name with its content hash (`inter-400-normal.1a2b3c4d.woff2`), so it can be cached for a year.
 */

export type FontStyle = 'normal' | 'italic';

export interface FontFile {
  family: BundledFamily;
  weight: number;
  style: FontStyle;
  /** The served file name: `<family-id>-<weight>-<style>.<hash>.woff2`. */
  file: string;
  /** `/_site/fonts/<file>`. */
  url: string;
  bytes: Buffer;
  /** Strong ETag: the quoted SHA-256 of the bytes. */
  etag: string;
}

export interface FontCatalog {
  files: readonly FontFile[];
  byFile: ReadonlyMap<string, FontFile>;
  /** The latin `unicode-range` of a family's files. */
  unicodeRange(familyId: string): string;
}

export const FONT_URL_PREFIX = '/_site/fonts/';

const require = createRequire(import.meta.url);

function packageFile(id: string, path: string): string {
  return require.resolve(`@fontsource/${id}/${path}`);
}

/** The bytes of one bundled latin file, straight from its package. */
export function readFontFile(id: string, weight: number, style: FontStyle): Buffer {
  return readFileSync(packageFile(id, `files/${id}-latin-${weight}-${style}.woff2`));
}

/** Every weight and style a family offers, normal before italic. */
export function familyFaces(family: BundledFamily): { weight: number; style: FontStyle }[] {
  return [
    ...family.weights.map((weight) => ({ weight, style: 'normal' as const })),
    ...family.italicWeights.map((weight) => ({ weight, style: 'italic' as const })),
  ];
}

/**
 * One family's files and latin range, read once per process when the family is first asked for: a page's
 * preloads name one or two families, and reading all ten (some seventy files, each hashed) was 10-12 ms of an
 * incremental static build that renders a single page (issue 42).
 */
const families = new Map<string, { files: FontFile[]; range: string }>();
function familyFiles(family: BundledFamily): { files: FontFile[]; range: string } {
  const known = families.get(family.id);
  if (known) return known;
  const unicode = JSON.parse(readFileSync(packageFile(family.id, 'unicode.json'), 'utf8')) as Record<
    string,
    string
  >;
  const files = familyFaces(family).map(({ weight, style }): FontFile => {
    const bytes = readFontFile(family.id, weight, style);
    const digest = createHash('sha256').update(bytes).digest('hex');
    const file = `${family.id}-${weight}-${style}.${digest.slice(0, 10)}.woff2`;
    return { family, weight, style, file, url: FONT_URL_PREFIX + file, bytes, etag: `"${digest}"` };
  });
  const read = { files, range: unicode.latin ?? 'U+0000-00FF' };
  families.set(family.id, read);
  return read;
}

function loadCatalog(): FontCatalog {
  const files = BUNDLED_FAMILIES.flatMap((family) => familyFiles(family).files);
  return {
    files,
    byFile: new Map(files.map((f) => [f.file, f])),
    unicodeRange: (id) => {
      const family = BUNDLED_FAMILIES.find((f) => f.id === id);
      return family ? familyFiles(family).range : 'U+0000-00FF';
    },
  };
}

let catalog: FontCatalog | undefined;

/** The catalog, read once per process (about seventy small files, a few milliseconds). */
export function fontCatalog(): FontCatalog {
  catalog ??= loadCatalog();
  return catalog;
}

/** The file of one face of a bundled family, if the family offers it. */
export function fontFile(familyName: string, weight: number, style: FontStyle): FontFile | undefined {
  const family = BUNDLED_FAMILIES.find((f) => f.name === familyName);
  return family && familyFiles(family).files.find((f) => f.weight === weight && f.style === style);
}
