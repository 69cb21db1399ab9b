/** @jsxImportSource hono/jsx/dom */
import type { Child } from 'hono/jsx';
import type { ViewProps } from '../view-props.ts';

/** A view without a canvas of its own is the page's one main landmark, as its Chromium test mounts it. */
export function inMain(View: (props: ViewProps) => Child): (props: ViewProps) => Child {
  return (props: ViewProps) => (
    <main class="view-pane">
      <View {...props} />
    </main>
  );
}
