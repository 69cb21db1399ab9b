import { brotliDecompressSync } from 'node:zlib';

/**
 * Reads the vertical metrics and the average character width of a WOFF2 font, enough to size a
 * metric-matched fallback face. WOFF2 is a table directory followed by one Brotli stream of all
 * tables; Node's zlib decodes Brotli, so no font library is needed. Used by build/font-metrics.ts.
 */

export interface FontMetrics {
  unitsPerEm: number;
  /** hhea ascender, descender (negative) and line gap, in font units. */
  ascent: number;
  descent: number;
  lineGap: number;
  /** Average advance of `a`–`z` and space weighted by English letter frequency, in font units. */
  xWidthAvg: number;
}

// English letter frequencies (Wikipedia, "Letter frequency"), with the space as the most common character.
const WEIGHTS: Record<string, number> = {
  a: 0.0668,
  b: 0.0122,
  c: 0.0228,
  d: 0.0348,
  e: 0.1039,
  f: 0.0182,
  g: 0.0165,
  h: 0.0499,
  i: 0.057,
  j: 0.0013,
  k: 0.0063,
  l: 0.0329,
  m: 0.0197,
  n: 0.0552,
  o: 0.0614,
  p: 0.0158,
  q: 0.0008,
  r: 0.049,
  s: 0.0518,
  t: 0.0741,
  u: 0.0226,
  v: 0.008,
  w: 0.0193,
  x: 0.0012,
  y: 0.0162,
  z: 0.0006,
  ' ': 0.1818,
};

// The WOFF2 known-table list: a directory entry names its table by index into it (63: a literal tag follows).
const KNOWN_TAGS =
  'cmap head hhea hmtx maxp name OS/2 post cvt  fpgm glyf loca prep CFF  VORG EBDT EBLC gasp hdmx kern LTSH PCLT VDMX vhea vmtx BASE GDEF GPOS GSUB EBSC JSTF MATH CBDT CBLC COLR CPAL SVG  sbix acnt avar bdat bloc bsln cvar fdsc feat fmtx fvar gvar hsty just lcar mort morx opbd prop trak Zapf Silf Glat Gloc Feat Sill'
    .match(/.{4}\s?/g)!
    .map((t) => t.slice(0, 4));

interface TableEntry {
  tag: string;
  length: number;
  transformed: boolean;
}

class Reader {
  constructor(
    readonly view: DataView,
    public pos = 0,
  ) {}
  u8() {
    return this.view.getUint8(this.pos++);
  }
  u16() {
    const v = this.view.getUint16(this.pos);
    this.pos += 2;
    return v;
  }
  u32() {
    const v = this.view.getUint32(this.pos);
    this.pos += 4;
    return v;
  }
  base128() {
    let value = 0;
    for (let i = 0; i < 5; i++) {
      const byte = this.u8();
      value = value * 128 + (byte & 0x7f);
      if ((byte & 0x80) === 0) return value;
    }
    throw new Error('woff2: bad UIntBase128');
  }
}

/** The tables of a WOFF2 file by tag, as stored (transformed tables keep their transformed form). */
export function woff2Tables(bytes: Uint8Array): Map<string, { data: DataView; transformed: boolean }> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const r = new Reader(view);
  if (r.u32() !== 0x774f4632) throw new Error('woff2: not a WOFF2 file');
  r.pos = 12;
  const numTables = r.u16();
  r.pos = 20;
  const compressedLength = r.u32();
  r.pos = 48;
  const entries: TableEntry[] = [];
  for (let i = 0; i < numTables; i++) {
    const flags = r.u8();
    const index = flags & 0x3f;
    const tag = index === 63 ? String.fromCharCode(r.u8(), r.u8(), r.u8(), r.u8()) : KNOWN_TAGS[index]!;
    const version = flags >> 6;
    const length = r.base128();
    // glyf and loca are transformed at version 0, every other table at any version but 0.
    const transformed = tag === 'glyf' || tag === 'loca' ? version === 0 : version !== 0;
    entries.push({ tag, length: transformed ? r.base128() : length, transformed });
  }
  const stream = brotliDecompressSync(bytes.subarray(r.pos, r.pos + compressedLength));
  const tables = new Map<string, { data: DataView; transformed: boolean }>();
  let offset = 0;
  for (const e of entries) {
    tables.set(e.tag, {
      data: new DataView(stream.buffer, stream.byteOffset + offset, e.length),
      transformed: e.transformed,
    });
    offset += e.length;
  }
  return tables;
}

/** Glyph ids of BMP characters from a format 4 or 12 subtable of a `cmap` table. */
function glyphIds(cmap: DataView, chars: string[]): Map<string, number> {
  const r = new Reader(cmap, 2);
  const count = r.u16();
  let best: { format: number; offset: number } | null = null;
  for (let i = 0; i < count; i++) {
    const platform = r.u16();
    const encoding = r.u16();
    const offset = r.u32();
    const format = cmap.getUint16(offset);
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    if (unicode && (format === 4 || format === 12) && (!best || format === 12)) best = { format, offset };
  }
  if (!best) throw new Error('woff2: no Unicode cmap subtable');
  const ids = new Map<string, number>();
  for (const ch of chars) ids.set(ch, lookup(cmap, best, ch.charCodeAt(0)));
  return ids;
}

function lookup(cmap: DataView, sub: { format: number; offset: number }, code: number): number {
  const o = sub.offset;
  if (sub.format === 12) {
    const groups = cmap.getUint32(o + 12);
    for (let g = 0; g < groups; g++) {
      const at = o + 16 + g * 12;
      const start = cmap.getUint32(at);
      if (code >= start && code <= cmap.getUint32(at + 4)) return cmap.getUint32(at + 8) + code - start;
    }
    return 0;
  }
  const segX2 = cmap.getUint16(o + 6);
  const ends = o + 14;
  const starts = ends + segX2 + 2;
  const deltas = starts + segX2;
  const ranges = deltas + segX2;
  for (let s = 0; s < segX2; s += 2) {
    if (code > cmap.getUint16(ends + s)) continue;
    const start = cmap.getUint16(starts + s);
    if (code < start) return 0;
    const delta = cmap.getInt16(deltas + s);
    const range = cmap.getUint16(ranges + s);
    if (range === 0) return (code + delta) & 0xffff;
    const glyph = cmap.getUint16(ranges + s + range + (code - start) * 2);
    return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
  }
  return 0;
}

function table(
  tables: ReturnType<typeof woff2Tables>,
  tag: string,
): { data: DataView; transformed: boolean } {
  const t = tables.get(tag);
  if (!t) throw new Error(`woff2: no ${tag} table`);
  return t;
}

export function readFontMetrics(bytes: Uint8Array): FontMetrics {
  const tables = woff2Tables(bytes);
  const head = table(tables, 'head').data;
  const hhea = table(tables, 'hhea').data;
  const hmtx = table(tables, 'hmtx');
  const numberOfHMetrics = hhea.getUint16(34);
  // A transformed hmtx starts with one flags byte; the advance widths come first either way.
  const advancesAt = hmtx.transformed ? 1 : 0;
  const stride = hmtx.transformed ? 2 : 4;
  const advance = (glyph: number) =>
    hmtx.data.getUint16(advancesAt + Math.min(glyph, numberOfHMetrics - 1) * stride);
  const chars = Object.keys(WEIGHTS);
  const ids = glyphIds(table(tables, 'cmap').data, chars);
  const weighted = chars.reduce((sum, ch) => sum + advance(ids.get(ch) ?? 0) * WEIGHTS[ch]!, 0);
  return {
    unitsPerEm: head.getUint16(18),
    ascent: hhea.getInt16(4),
    descent: hhea.getInt16(6),
    lineGap: hhea.getInt16(8),
    xWidthAvg: Math.round(weighted),
  };
}
