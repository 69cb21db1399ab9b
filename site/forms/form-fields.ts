/**
 * The hidden fields every rendered form carries besides its own (no imports: the render, the
 * design canvas in the browser and the endpoint all read these names).
 */

/** The signed render time of the form (site/access/form-stamp.ts). */
export const FORM_STAMP_FIELD = '_stamp';
/** The honeypot: people never see or reach it, bots fill it. */
export const HONEYPOT_FIELD = 'website_url';
/** The page's locale. */
export const LOCALE_FIELD = '_locale';
/** The page's path: where the answer without script leads back to. */
export const PAGE_FIELD = '_page';
/** The form element's id, so the page after a post without script scrolls back to the form. */
export const ANCHOR_FIELD = '_anchor';
