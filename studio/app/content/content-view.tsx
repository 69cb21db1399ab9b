/** @jsxImportSource hono/jsx/dom */
import type { ViewProps } from '../view-props.ts';

export default function ContentView(_props: ViewProps) {
  return <p>Content</p>;
}
