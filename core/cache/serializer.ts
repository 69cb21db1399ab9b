/**
 * How entries travel through Redis: JSON, plus the binary and date values cached answers hold (a REST
 * answer keeps its encoded bytes), which plain JSON would turn into something else.
 */
export const cacheSerializer = {
  serialize(value: unknown): string {
    return JSON.stringify(value, function (this: Record<string, unknown>, key, v) {
      const raw = this[key];
      if (raw instanceof Uint8Array)
        return { $bytes: Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString('base64') };
      if (raw instanceof Date) return { $date: raw.toISOString() };
      return v;
    });
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
