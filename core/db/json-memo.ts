/**
 * A jsonb parser that keeps what it parsed by the text, for texts of at least `minLength` characters: a published
 * version's fields come back as the same text on every uncached read until the next publish, and parsing them was
 * the largest part of pg's work on a list (issue 14: an uncached list of 25 cost 1,564 → 1,281 µs of CPU with it).
 * The values are deep-frozen because every reader of the same text shares one: a consumer that writes into one
 * fails (strict mode) instead of changing another request's answer. Bounded by the characters kept; past the bound
 * the oldest texts go first.
 */
export function memoJsonParser(options: { minLength: number; maxChars: number }): (text: string) => unknown {
  const kept = new Map<string, unknown>();
  let chars = 0;
  return (text) => {
    if (text.length < options.minLength || text.length > options.maxChars) return JSON.parse(text);
    const known = kept.get(text);
    if (known !== undefined) return known;
    const value = deepFreeze(JSON.parse(text));
    kept.set(text, value);
    chars += text.length;
    for (const oldest of kept.keys()) {
      if (chars <= options.maxChars) break;
      kept.delete(oldest);
      chars -= oldest.length;
    }
    return value;
  };
}

/**
 * Freezes a JSON-shaped value all the way down. A value found frozen is taken as frozen all the way down (the
 * values this module and the reader freeze are), so shared subtrees are not walked again. Walked by index and
 * `for…in` rather than `Object.values`, which made an array of every object's values: freezing a parsed field
 * cost about 3 times its `JSON.parse`, now about half (0.22 ms of a first site visit's CPU, issue 42).
 */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    if (Array.isArray(value)) for (let i = 0; i < value.length; i++) deepFreeze(value[i]);
    else for (const key in value) if (Object.hasOwn(value, key)) deepFreeze(value[key]);
    Object.freeze(value);
  }
  return value;
}
