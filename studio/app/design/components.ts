import { useEffect, useState } from 'hono/jsx/dom';
import type { CatalogEntry } from '../../../site/components/catalog.ts';
import { JSON_HEADERS } from '../rpc.ts';

/**
 * The project's code components in the design view (docs/components.md, "In the studio"): the catalog
 * from `GET /studio/components`, kept current by waiting on its `?after=` (a `verso dev` rebuild answers
 * it at once). Component nodes in the canvas are drawn by the server (../canvas-components.ts).
 */

export type { CatalogEntry };

export interface Components {
  list: CatalogEntry[];
  /** Changes when the process's components are rebuilt: the canvas is drawn again. */
  revision: number;
}

/** The catalog; under `verso dev`, refreshed whenever the components change, until the view goes. */
export function useComponents(): Components {
  const [state, setState] = useState<Components>({ list: [], revision: -1 });
  useEffect(() => {
    const stop = new AbortController();
    let revision: number | null = null;
    const poll = async () => {
      while (!stop.signal.aborted) {
        try {
          const query = revision === null ? '' : `?after=${revision}`;
          const res = await fetch(`/studio/components${query}`, {
            credentials: 'same-origin',
            headers: JSON_HEADERS,
            signal: stop.signal,
          });
          if (!res.ok) throw new Error(res.statusText);
          const body = (await res.json()) as {
            revision: number;
            watching: boolean;
            components: CatalogEntry[];
          };
          if (body.revision !== revision) {
            revision = body.revision;
            setState({ list: body.components, revision: body.revision });
          }
          // Under `verso serve` the components never change: no request is kept open.
          if (!body.watching) return;
        } catch {
          // Signed out, a restart, a network blip: ask again in a moment (the catalog stays as it was).
          await new Promise((r) => setTimeout(r, 2000));
        }
      }
    };
    void poll();
    return () => stop.abort();
  }, []);
  return state;
}

/** The props a new node of the component starts with: each prop's schema default. */
export function defaultProps(entry: CatalogEntry): Record<string, unknown> {
  const properties = (entry.props.properties ?? {}) as Record<string, { default?: unknown }>;
  const out: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(properties))
    if (schema.default !== undefined) out[name] = schema.default;
  return out;
}
