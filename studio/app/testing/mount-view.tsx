/** @jsxImportSource hono/jsx/dom */
import { type FC, render } from 'hono/jsx/dom';
import { readBoot } from '../boot.ts';
import type { ViewProps } from '../view-props.ts';

/**
 * Mounts one view as the shell will (view-stand.ts's page, for the views' Chromium tests): the boot's
 * first space in its default locale, permissions as the boot names them. A view with a canvas has its own
 * landmarks (`withCanvas`): it gets the shell's level-one heading instead of a main landmark around it.
 */
export function mountView(View: FC<ViewProps>, withCanvas = false): void {
  const root = document.getElementById('view')!;
  const boot = readBoot(root);
  const space = boot.spaces[0]!;
  const can = (p: string) => boot.permissions === null || boot.permissions.includes(p);
  const view = <View boot={boot} space={space} locale={space.defaultLocale} can={can} />;
  render(
    withCanvas ? (
      <div class="view-host">
        <header>
          <h1 class="visually-hidden">Verso Studio</h1>
        </header>
        {view}
      </div>
    ) : (
      <main class="view-pane">{view}</main>
    ),
    root,
  );
}
