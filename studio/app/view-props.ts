import type { StudioBoot } from './boot.ts';

/**
 * What the studio's shell hands every view (one folder per view: design, content, media, menus, settings).
 * A view reads and writes through `rpc` (./rpc.ts) on the studio's own origin and keeps its own state.
 */
export interface ViewProps {
  boot: StudioBoot;
  /** The space being edited. */
  space: StudioBoot['spaces'][number];
  /** The locale the editor works in (one of `space.locales`). */
  locale: string;
  /** Whether the session holds a permission (`website:code`, …); true for every permission when `boot.permissions` is null. */
  can: (permission: string) => boolean;
}
