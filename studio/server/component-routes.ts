import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { sameOriginRequest } from '../../core/auth/auth-routes.ts';
import { AppError } from '../../core/errors/app-error.ts';
import { jsonBodyLimit } from '../../core/http/json-body-limit.ts';
import { parseAdminMessage, type RenderMessage } from '../../site/canvas/admin-messages.ts';
import { drawComponents } from '../../site/canvas/component-html.ts';
import { CANVAS_PROTOCOL } from '../../site/canvas/protocol.ts';
import { componentCatalog } from '../../site/components/catalog.ts';
import { componentsChange, componentsRevision, componentsWatched } from '../../site/components/register.ts';
import type { StudioSession } from './studio-routes.ts';

/**
 * The project's code components for the studio (docs/components.md, "In the studio"), on the management
 * origin with a studio session, from that origin only (a cookie alone from another site gets nothing):
 *
 * - `GET /studio/components`: the catalog (each component's name, label, JSON Schema props with
 *   defaults, bindable props), its `revision`, and `watching`: whether the components may change while
 *   the process runs (`verso dev`). With `?after=<revision>` the answer waits (up to 25 s) until the
 *   components are replaced, which `verso dev` does when a component file is saved: the studio then
 *   keeps one such request open and redraws its canvas when it returns.
 * - `POST /studio/components/draw`: the canvas `render` message's fields (docs/canvas-protocol.md); the
 *   answer's `components` is what the studio adds to that message: each component node drawn to HTML by
 *   the server (site/canvas/component-html.ts), since the canvas bundle carries no project code.
 */

export interface ComponentRoutesArgs {
  session: (c: Context) => Promise<StudioSession | null>;
  /** The largest body `draw` reads (`REQUEST_MAX_BYTES`; its default when not given). */
  maxBytes?: number;
  /** How long `?after=` waits for a change (tests shorten it). */
  waitMs?: number;
}

const NO_STORE = { 'Cache-Control': 'no-store' };

export function componentRoutes(args: ComponentRoutesArgs): Hono {
  const app = new Hono();
  const signedIn: MiddlewareHandler = async (c, next) => {
    if (!sameOriginRequest(c)) throw new AppError('auth.crossOrigin');
    if (!(await args.session(c))) throw new AppError('auth.sessionRequired');
    await next();
  };
  app.use('/studio/components', signedIn);
  app.use('/studio/components/*', signedIn);

  app.get('/studio/components', async (c) => {
    const after = c.req.query('after');
    if (after !== undefined && Number(after) === componentsRevision())
      await componentsChange(args.waitMs ?? 25_000, c.req.raw.signal);
    const body = {
      revision: componentsRevision(),
      watching: componentsWatched(),
      components: componentCatalog(),
    };
    return c.json(body, 200, NO_STORE);
  });

  app.post('/studio/components/draw', jsonBodyLimit(args.maxBytes ?? 4 * 1024 * 1024), async (c) => {
    const body = await c.req.json().catch(() => null);
    const message = parseAdminMessage(
      body && typeof body === 'object'
        ? { ...body, protocol: CANVAS_PROTOCOL, version: 1, type: 'render', id: 'studio' }
        : null,
    );
    if (message?.type !== 'render')
      throw new AppError('validation.failed', {
        message: 'The body is not a canvas render message (docs/canvas-protocol.md).',
      });
    return c.json({ components: drawComponents(message as RenderMessage) }, 200, NO_STORE);
  });
  return app;
}
