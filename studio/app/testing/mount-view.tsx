/** @jsxImportSource hono/jsx/dom */
import { type FC, render } from 'hono/jsx/dom';
import { readBoot } from '../boot.ts';
import type { ViewProps } from '../view-props.ts';

/**
 * Mounts one view as the shell will (view-stand.ts's page, for the views' Chromium tests): the boot's
 * first space in its default locale, permissions as the boot names them.
 */
export function mountView(View: FC<ViewProps>): void {
  const root = document.getElementById('view')!;
  const boot = readBoot(root);
  const space = boot.spaces[0]!;
  const can = (p: string) => boot.permissions === null || boot.permissions.includes(p);
  render(
    <main class="view-pane">
      <View boot={boot} space={space} locale={space.defaultLocale} can={can} />
    </main>,
    root,
  );
}
