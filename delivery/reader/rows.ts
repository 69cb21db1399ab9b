import type { DeliveredTag } from './types.ts';

/** A delivered document as the database walk returns it (document-query.ts), before shaping. */
export interface DocumentRow {
  id: string;
  type: string;
  locale: string;
  parentId: string | null;
  permalink: string;
  /** Ids of the ancestors, parent first: their slugs are part of the permalink, so they tag the answer too. */
  ancestors: string[];
  title: string;
  slug: string;
  state: 'published' | 'draft';
  fields: Record<string, unknown>;
  /** The default locale's published fields when this version is in another locale (non-localized fields). */
  sharedFields: Record<string, unknown> | null;
  publishedAt: Date | string | null;
  updatedAt: Date | string;
  tags: DeliveredTag[];
  /**
   * Read with the row from the delivery index: where the documents its fields link to are delivered in its locale
   * (those not delivered are absent). Undefined when the read did not ask (the walk, previews).
   */
  linkTargets?: PermalinkRow[];
  /**
   * Read with the row from the delivery index: the assets and users its fields name (any id-shaped string of them,
   * migration 0007; those that are none are absent). Undefined when the read did not ask, as `linkTargets`.
   */
  carried?: CarriedRows;
}

/** The assets and users read with a document row, by the ids its fields hold. */
export interface CarriedRows {
  assets: AssetRow[];
  users: UserRow[];
  /** The delivered documents its fields name, when the read asked (`DocumentSelection.related`). */
  documents?: DocumentRow[];
  /** Where it is delivered in every locale of its space, with `documents`. */
  alternates?: PermalinkRow[];
}

/** Where a document is delivered: its permalink in one locale (links, alternates, redirects). */
export interface PermalinkRow {
  id: string;
  locale: string;
  permalink: string;
  ancestors: string[];
}

export interface AssetRow {
  id: string;
  filename: string;
  mimeType: string;
  width: number | null;
  height: number | null;
  alt: string;
  focalPoint: { x: number; y: number } | null;
  crop: { x: number; y: number; width: number; height: number } | null;
}

export interface UserRow {
  id: string;
  name: string;
  avatar: AssetRow | null;
}

export interface MenuItemRow {
  id: string;
  parentId: string | null;
  label: unknown;
  url: string | null;
  target: string;
  contentId: string | null;
}

export interface MenuRows {
  id: string;
  name: string;
  machineName: string;
  defaultLocale: string;
  /** Every item of the menu, each level in position order. */
  items: MenuItemRow[];
}
