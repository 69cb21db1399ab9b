/**
 * The editor's view of each design record: what is published, the draft the server holds, and what
 * the editor has now (`working`). From these come the "unpublished changes" state, what still has to
 * be saved, and what Publish will change. Pure: the app keeps the values, the server decides.
 */

export type DesignKind = 'theme' | 'site' | 'layout' | 'page' | 'block' | 'menu';

export interface DesignEntry {
  kind: DesignKind;
  key: string;
  /** The live version; null: never published (generated on the site). */
  published: unknown;
  /** The draft the server has stored; null: none. */
  draft: unknown;
  /** What the editor sees and edits: the draft, else the published version, else a generated one. */
  working: unknown;
}

export const entryKey = (e: { kind: string; key: string }) => `${e.kind}/${e.key}`;

/** What the server holds of a design: its draft, else the live version. */
export const storedCopy = (e: { draft: unknown; published: unknown }): unknown => e.draft ?? e.published;

/** Deep equality of JSON values (designs are JSON); key order does not matter. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((v, i) => sameJson(v, bb[i]));
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const ak = Object.keys(ao).filter((k) => ao[k] !== undefined);
  const bk = Object.keys(bo).filter((k) => bo[k] !== undefined);
  return ak.length === bk.length && ak.every((k) => sameJson(ao[k], bo[k]));
}

/** What the editor has that the server does not: a save is due (the working copy differs from the stored draft, or from the published one when there is no draft). */
export function needsSave(e: DesignEntry): boolean {
  return !sameJson(e.working, storedCopy(e));
}

/** The entry differs from what is live: either a stored draft, or edits not saved yet. */
export function isUnpublished(e: DesignEntry): boolean {
  return !sameJson(e.working, e.published);
}

export type SaveStatus = 'saved' | 'pending' | 'saving' | 'error';

export interface StudioDraftSummary {
  /** Designs whose working copy differs from the live one. */
  unpublished: string[];
  /** Designs with edits the server has not stored yet. */
  unsaved: string[];
}

export function summarize(entries: Iterable<DesignEntry>): StudioDraftSummary {
  const unpublished: string[] = [];
  const unsaved: string[] = [];
  for (const e of entries) {
    if (isUnpublished(e)) unpublished.push(entryKey(e));
    if (needsSave(e)) unsaved.push(entryKey(e));
  }
  return { unpublished, unsaved };
}

/** The line the studio's header shows. */
export function statusLine(summary: StudioDraftSummary, save: SaveStatus): string {
  if (save === 'error') return 'Not saved: see the message below';
  if (save === 'saving' || summary.unsaved.length > 0) return 'Saving draft…';
  const n = summary.unpublished.length;
  if (n === 0) return 'Published: no unpublished changes';
  return `Draft saved: unpublished changes in ${n} design${n === 1 ? '' : 's'}`;
}

/** After a successful save: the server's draft is what was sent. */
export function saved(e: DesignEntry, sent: unknown): DesignEntry {
  return { ...e, draft: sent };
}

/** After Publish: every draft went live. */
export function published(e: DesignEntry): DesignEntry {
  const live = storedCopy(e);
  return { ...e, published: live, draft: null, working: sameJson(e.working, live) ? live : e.working };
}
