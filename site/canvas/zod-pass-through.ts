/**
 * What `zod` becomes inside the canvas bundle (build/canvas.ts, never in Node): every schema a
 * pass-through that accepts its input unchanged. The render components and the style compiler import
 * core/designs, whose modules build their zod schemas at load time; zod itself is about 28 KB of the
 * canvas's 40 KB gzipped budget, and the canvas does not need it: designs reach it from the admin,
 * which validates them with those same schemas before it sends them (and the management API again on
 * save). No schema of core/designs transforms or defaults a value, so a valid design renders the same.
 * The canvas's own messages are checked for real, with zod/mini (protocol.ts), which this does not touch.
 */

type Chain = ((...args: unknown[]) => Chain) & { [key: string]: unknown };

const accept = (data: unknown) => ({ success: true as const, data });

/** Any property or call gives the chain again, so `z.string().min(1).optional()` builds nothing. */
const chain: Chain = new Proxy((() => chain) as Chain, {
  get(_target, key) {
    if (key === 'safeParse') return accept;
    if (key === 'parse') return (data: unknown) => data;
    // Not a thenable, not a primitive: `await schema` or `${schema}` must not see a function.
    if (typeof key === 'symbol' || key === 'then') return undefined;
    return chain;
  },
});

export const z = chain;
export default chain;
