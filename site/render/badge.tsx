import type { Child } from 'hono/jsx';

/** The badge's text and address, from the space's controls. */
export interface BadgeContent {
  text: string;
  /** An http(s) address (the control API refuses anything else); null: the badge is plain text. */
  link: string | null;
}

export const DEFAULT_BADGE_TEXT = 'Made with Verso';

/** The badge of a space whose badge control is on: its text (default "Made with Verso") and link. */
export function badgeContent(text: unknown, link: unknown): BadgeContent {
  return {
    text: typeof text === 'string' && text.trim() !== '' ? text : DEFAULT_BADGE_TEXT,
    link: typeof link === 'string' && /^https?:\/\//i.test(link) ? link : null,
  };
}

/**
 * Inline, and starting with `all: initial` (delivery-and-site.md, "Badge"): no rule of the site's
 * stylesheet, custom CSS or head code reaches it, so it looks the same on every site. White on near
 * black (contrast 17:1), 12 px text in a 28 px high target; `outline: revert` gives the focus ring
 * back that `all: initial` took away. The page CSP allows style attributes (`style-src 'unsafe-inline'`).
 */
export const BADGE_STYLE = [
  'all: initial',
  'position: fixed',
  'left: 12px',
  'bottom: 12px',
  'z-index: 2147483647',
  'box-sizing: border-box',
  'display: inline-block',
  'padding: 6px 10px',
  'border-radius: 6px',
  'background: #111827',
  'color: #ffffff',
  'font: 500 12px/16px system-ui, -apple-system, Segoe UI, Roboto, Helvetica, Arial, sans-serif',
  'text-decoration: none',
  'box-shadow: 0 1px 3px rgba(0, 0, 0, 0.3)',
  'cursor: pointer',
  'outline: revert',
].join('; ');

/**
 * The badge link, last in the body: a new tab with `rel="noopener"`; text and address escaped by
 * JSX. It sits in an `aside` (a landmark, so all content stays in landmarks) that takes no room:
 * `all: initial` makes it an empty inline box, whatever the site's styles say about `aside`.
 */
export function Badge({ badge }: { badge: BadgeContent }): Child {
  const inner = badge.link ? (
    <a href={badge.link} target="_blank" rel="noopener" style={BADGE_STYLE} data-verso-badge="">
      {badge.text}
    </a>
  ) : (
    <span style={BADGE_STYLE.replace('; cursor: pointer', '')} data-verso-badge="">
      {badge.text}
    </span>
  );
  return (
    <aside aria-label={badge.text} style="all: initial">
      {inner}
    </aside>
  );
}
