/** @jsxImportSource hono/jsx/dom */
// First: configures zod before core/designs builds its schemas (in the views' chunks).
import './zod-jitless.ts';
import { render } from 'hono/jsx/dom';
import { readBoot } from './boot.ts';
import { Shell } from './shell/shell.tsx';

/**
 * The studio: the shell (space, locale, view tabs) around one view per folder — design/, content/ and
 * those the lead adds in shell/view-list.ts. Each view is its own chunk, loaded when first shown.
 */
const root = document.getElementById('studio');
if (root) {
  const boot = readBoot(root);
  root.textContent = '';
  render(<Shell boot={boot} />, root);
}
