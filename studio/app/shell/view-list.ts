import type { Child } from 'hono/jsx';
import type { ViewProps } from '../view-props.ts';

/**
 * The studio's views, one folder each, in the order of the tabs. Each is loaded when first shown (its own
 * chunk: the design view loads no rich-text editor); a new view is one line here.
 */
export interface ViewEntry {
  id: string;
  label: string;
  load: () => Promise<{ default: (props: ViewProps) => Child }>;
  /** Shown only to sessions holding it. */
  permission?: string;
}

export const VIEWS: ViewEntry[] = [
  { id: 'design', label: 'Design', load: () => import('../design/design-view.tsx') },
  { id: 'content', label: 'Content', load: () => import('../content/content-view.tsx') },
  { id: 'media', label: 'Media', load: () => import('../media/media-view.tsx') },
  { id: 'menus', label: 'Menus', load: () => import('../menus-view/menus-view.tsx') },
  { id: 'settings', label: 'Settings', load: () => import('../settings/settings-view.tsx') },
];
