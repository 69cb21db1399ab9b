import { EDITOR_ORIGINS_ATTR } from './editor-origins.ts';

export interface CanvasPageArgs {
  scriptUrl: string;
  stylesheetUrl: string;
  /** The editor origins, for the app to check `event.origin` against (the CSP has them too). */
  origins: readonly string[];
}

/**
 * The canvas page: an empty root the app draws into, the app as a module script (no inline script),
 * its stylesheet (fonts, outlines). The origins travel as an attribute, so the page needs no script of
 * its own to hand them over.
 */
export function canvasPage(args: CanvasPageArgs): string {
  const root = { id: 'canvas', [EDITOR_ORIGINS_ATTR]: args.origins.join(' ') };
  const page = (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <title>Design canvas</title>
        <link rel="icon" href="data:," />
        <link rel="stylesheet" href={args.stylesheetUrl} />
        <script type="module" src={args.scriptUrl} />
      </head>
      <body>
        <div {...root} />
      </body>
    </html>
  );
  return `<!doctype html>${page.toString()}`;
}
