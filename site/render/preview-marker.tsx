import { say } from './strings.ts';

/**
 * The "Preview" marker of a share-link page: fixed in the bottom-right corner (the badge takes the bottom-left one), small, above everything,
 * and out of the layout's flow. Inline styles (the page CSP allows them) begin with `all: initial`,
 * so the site's stylesheet cannot hide or restyle it. A labelled `aside` is a landmark of its own.
 */
const STYLE = [
  'all: initial',
  'position: fixed',
  'bottom: 12px',
  'right: 12px',
  'z-index: 2147483647',
  'box-sizing: border-box',
  'padding: 4px 10px',
  'border-radius: 999px',
  'background: #7a2e00',
  'color: #fff',
  'font: 600 13px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif',
  'letter-spacing: 0.02em',
  'box-shadow: 0 1px 4px rgba(0, 0, 0, 0.35)',
  'pointer-events: none',
].join('; ');

export function PreviewMarker({ lang }: { lang: string }) {
  return (
    <aside class="verso-preview" aria-label={say('previewLabel', lang)} style={STYLE}>
      {say('preview', lang)}
    </aside>
  );
}
