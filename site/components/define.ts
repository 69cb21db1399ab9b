import type { Child } from 'hono/jsx';
import { z } from 'zod';
import { type LocalizedText, localizedTextSchema, PROP_KIND_META } from '../../core/designs/index.ts';
import type { DeliveredDocument } from '../../delivery/reader/types.ts';

/**
 * What a project's code component is written against (docs/components.md). A component is pure: it
 * gets its validated props and this context, and returns hono/jsx. It never reads the database, the
 * request or the clock; what it shows comes from its props, their bindings and the page's document.
 */

export interface ImageOptions {
  /** Alt text (default: the asset's own; an asset without one is decorative). */
  alt?: string;
  variant?: 'thumb' | 'card' | 'hero';
  sizes?: string;
  loading?: 'lazy' | 'eager';
}

export interface ComponentContext {
  locale: string;
  defaultLocale: string;
  /** The page's document (delivered fields, in the page's locale). */
  document: DeliveredDocument;
  site: { name: string; homeId: string | null };
  /** The node's id in its design (unique in the tree): a base for element ids. */
  nodeId: string;
  /** The editor's child nodes, rendered (components that declare `slots`). */
  children: Child[];
  /** A localized text prop (`prop.text()`) in the page's locale; a plain string as it is. */
  t(text: LocalizedText | string | undefined): string;
  /** An image prop (`prop.image()`) as `<img>` with signed variants, `srcset` and lazy loading. */
  image(asset: unknown, options?: ImageOptions): Child;
  /**
   * Where a link goes: a document (or its id) by its localized permalink, `'home'` the locale's home,
   * a site path or an https/mailto/tel URL as given; null when the target is not published or unsafe.
   */
  link(target: string | { id: string; permalink: string }): string | null;
}

export interface ComponentDefinition<S extends z.ZodObject = z.ZodObject> {
  /** Lower-case words joined by `-`: what a design node's `component` names. */
  name: string;
  /** What the studio's node menu shows. */
  label: string;
  props: S;
  render(props: z.output<S>, ctx: ComponentContext): Child;
  /** A module in the project's `islands/` folder, bundled per revision and mounted on the node's element. */
  island?: string;
  /** Components that take child nodes name their slot (one slot in this version: `children`). */
  slots?: readonly string[];
}

/** Typed identity: the props schema types `render`'s props. */
export function defineComponent<S extends z.ZodObject>(def: ComponentDefinition<S>): ComponentDefinition<S> {
  return def;
}

/** Prop schemas the studio knows how to edit and bind beyond plain zod strings, numbers and enums. */
export const prop = {
  /** An image: an asset id (bindable to an image field). */
  image: () =>
    z
      .union([z.string().min(1).max(64), z.looseObject({ id: z.string() })])
      .meta({ [PROP_KIND_META]: 'image' }),
  /** Rich text: bound to a rich-text field (a Tiptap document). */
  richText: () => z.looseObject({ type: z.literal('doc') }).meta({ [PROP_KIND_META]: 'richtext' }),
  /** Text in each of the site's locales (`{ en: "…", de: "…" }`), read with `ctx.t()`. */
  text: () => localizedTextSchema,
};

/** A project's `verso.config.ts` default export. */
export interface VersoConfig {
  components: ComponentDefinition[];
}

export function defineConfig(config: VersoConfig): VersoConfig {
  return config;
}
