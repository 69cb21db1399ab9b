import { randomUUID } from 'node:crypto';

/**
 * Where the base64 of the `i`th bytes goes, as `JSON.stringify` spells the mark: `\u0000` and a random id, so
 * that no string of a cached value can pass for one.
 */
const MARK = `\u0000${randomUUID()}:`;
const BYTES_MARK = new RegExp(
  `\\{"\\$bytes":"${JSON.stringify(MARK).slice(1, -1).replace(/\\/g, '\\\\')}(\\d+)"\\}`,
  'g',
);

/**
 * How entries travel through Redis: JSON, plus the binary and date values cached answers hold (a REST
 * answer keeps its encoded bytes), which plain JSON would turn into something else.
 */
export const cacheSerializer = {
  serialize(value: unknown): string {
    const bytes: string[] = [];
    const text = JSON.stringify(portable(value, bytes));
    if (bytes.length === 0) return text;
    // The same text as `JSON.stringify` of the base64 itself (base64 needs no escaping), without `JSON.stringify`
    // scanning it char by char: for the 40 KB answer of an uncached list, about 45 of the 61 µs of CPU it took, in
    // the write after the answer that the next request waits for (issue 42, point 4).
    return text.replace(BYTES_MARK, (_m, i: string) => `{"$bytes":"${bytes[Number(i)]}"}`);
  },
  deserialize(text: string): unknown {
    return JSON.parse(text, (_key, v) => {
      if (v && typeof v === 'object' && !Array.isArray(v)) {
        const keys = Object.keys(v);
        if (keys.length === 1 && typeof v.$bytes === 'string')
          return new Uint8Array(Buffer.from(v.$bytes, 'base64'));
        if (keys.length === 1 && typeof v.$date === 'string') return new Date(v.$date);
      }
      return v;
    });
  },
};

/**
 * `value` with its bytes and dates as `{ $bytes }` and `{ $date }`, for a plain `JSON.stringify`. A replacer cannot
 * do it cheaply: `JSON.stringify` calls a Buffer's `toJSON` before the replacer sees it, which spelled a 50 KB
 * REST answer out as an array of 50,000 numbers only to throw it away, about half of what writing an uncached
 * read's entry to Redis cost (issue 42, point 4: `toJSON` the first item of the profile).
 *
 * Copied only where something below changes: a plain object or array with no bytes, dates or `toJSON` under it is
 * `JSON.stringify`'s as it is. Copying every entry whole was 0.29 ms of a first site visit's 16.7 ms of CPU and
 * garbage for the scavenger to walk (issue 42, point 1).
 */
function portable(v: unknown, bytes: string[]): unknown {
  if (v === null || typeof v !== 'object') return v;
  if (v instanceof Uint8Array) {
    bytes.push(Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('base64'));
    return { $bytes: `${MARK}${bytes.length - 1}` };
  }
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : { $date: v.toISOString() };
  if (Array.isArray(v)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < v.length; i++) {
      const item = portable(v[i], bytes);
      if (out) out.push(item);
      else if (item !== v[i]) {
        out = v.slice(0, i);
        out.push(item);
      }
    }
    return out ?? v;
  }
  const toJSON = (v as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function') return portable(toJSON.call(v), bytes);
  const keys = Object.keys(v);
  const proto = Object.getPrototypeOf(v);
  // Anything but a plain object (a boxed string, a class's instance) is copied as before: `JSON.stringify`
  // spells some of those otherwise than the plain object of their keys.
  let out: Record<string, unknown> | undefined =
    proto === Object.prototype || proto === null ? undefined : {};
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const inner = (v as Record<string, unknown>)[key];
    const item = portable(inner, bytes);
    if (out) out[key] = item;
    else if (item !== inner) {
      out = {};
      for (let j = 0; j < i; j++) out[keys[j]!] = (v as Record<string, unknown>)[keys[j]!];
      out[key] = item;
    }
  }
  return out ?? v;
}
