import { z } from 'zod';
import { fieldNameSchema } from './bindings.ts';
import { EMBED_PROVIDER_NAMES, EMBED_PROVIDERS } from './embeds.ts';
import { assetIdSchema, hrefSchema, localizedTextSchema, machineNameSchema, tokenSchema } from './values.ts';

/** The props of each node kind. Every schema is strict: an unknown prop is refused by name. */

const text = localizedTextSchema;
const empty = z.strictObject({});

export const SEMANTIC_TAGS = [
  'div',
  'section',
  'article',
  'aside',
  'header',
  'footer',
  'nav',
  'main',
] as const;

/** box, stack, grid, section: `tag` picks the element (default `div`; `section` for section). */
export const containerPropsSchema = z.strictObject({ tag: z.enum(SEMANTIC_TAGS).optional() });

/** spacer: `size`, a space token, the empty height it adds (default `space:8`). */
export const spacerPropsSchema = z.strictObject({ size: tokenSchema('space').optional() });

/** divider, richtext, formMessage, slot: no props (richtext renders its bound rich text field). */
export const emptyPropsSchema = empty;

/** text: static `text` (used when there is no binding) and its `tag` (default `p`). */
export const textPropsSchema = z.strictObject({
  text: text.optional(),
  tag: z.enum(['p', 'span', 'div', 'small', 'strong', 'em']).optional(),
});

/** heading: `level` 1–6 (renders `h<level>`), static `text` when not bound. */
export const headingPropsSchema = z.strictObject({
  level: z.number().int().min(1).max(6),
  text: text.optional(),
});

/** A length of `sizes`: `100vw`, `640px`, or one sum inside `calc()` (an image inset by the page's gutters). */
const sizeLength = String.raw`(?:\d{1,4}(?:px|vw)|calc\(\d{1,4}(?:\.\d{1,3})?(?:px|vw|rem|em) [-+] \d{1,4}(?:\.\d{1,3})?(?:px|vw|rem|em)\))`;
const sizeEntry = String.raw`(?:\((?:max|min)-width: ?\d{1,4}px\) )?${sizeLength}`;
const sizesList = new RegExp(`^${sizeEntry}(?:, ?${sizeEntry})*$`);

/**
 * image: `assetId` when not bound, `alt` (default: the asset's alt text), `variant` the largest
 * variant the srcset offers (default `card`), `sizes` attribute, `loading` (default `lazy`), `fit`.
 */
export const imagePropsSchema = z.strictObject({
  assetId: assetIdSchema.optional(),
  alt: text.optional(),
  variant: z.enum(['thumb', 'card', 'hero']).optional(),
  sizes: z
    .string()
    .regex(sizesList, 'expected a sizes list like "(max-width: 639px) 100vw, calc(100vw - 3rem), 50vw"')
    .optional(),
  loading: z.enum(['lazy', 'eager']).optional(),
  fit: z.enum(['cover', 'contain']).optional(),
});

/** video: `assetId` when not bound, `poster` image asset, player flags; autoplay needs `muted`. */
export const videoPropsSchema = z
  .strictObject({
    assetId: assetIdSchema.optional(),
    poster: assetIdSchema.optional(),
    controls: z.boolean().optional(),
    autoplay: z.boolean().optional(),
    loop: z.boolean().optional(),
    muted: z.boolean().optional(),
  })
  .refine((v) => !v.autoplay || v.muted === true, {
    message: 'autoplay needs muted: true',
    path: ['autoplay'],
  });

/**
 * link, button: `href` when not bound to a link field (a site path or an https, http, mailto or
 * tel URL), `text` when the node has no children, `target` (`_blank` adds rel="noopener").
 */
export const linkPropsSchema = z.strictObject({
  href: hrefSchema.optional(),
  text: text.optional(),
  target: z.enum(['_self', '_blank']).optional(),
});

/**
 * embed: a `provider` and its `id` (checked against the provider's pattern; the renderer
 * rebuilds the URL), and a frame `title` for screen readers. A bound embed reads a URL field
 * and goes through `parseEmbedUrl`.
 */
export const embedPropsSchema = z.discriminatedUnion(
  'provider',
  EMBED_PROVIDER_NAMES.map((p) =>
    z.strictObject({
      provider: z.literal(p),
      id: z.string().regex(EMBED_PROVIDERS[p].id, `expected a ${EMBED_PROVIDERS[p].label} id`),
      title: text.optional(),
    }),
  ) as [EmbedShape, ...EmbedShape[]],
);
type EmbedShape = z.ZodObject<{
  provider: z.ZodLiteral<(typeof EMBED_PROVIDER_NAMES)[number]>;
  id: z.ZodString;
  title: z.ZodOptional<typeof localizedTextSchema>;
}>;

/** The icons the renderer ships as inline SVG. */
export const ICON_NAMES = [
  'arrow-right',
  'arrow-left',
  'chevron-down',
  'menu',
  'close',
  'search',
  'mail',
  'phone',
  'external',
  'check',
  'plus',
  'minus',
] as const;
export type IconName = (typeof ICON_NAMES)[number];

/** icon: `name`; `label` is its accessible name (absent: decorative and hidden from readers). */
export const iconPropsSchema = z.strictObject({ name: z.enum(ICON_NAMES), label: text.optional() });

/** repeat: `field`, a repeater field; the children render once per item (`item.sub` bindings). */
export const repeatPropsSchema = z.strictObject({
  field: fieldNameSchema,
  limit: z.number().int().min(1).max(100).optional(),
});

/**
 * blocks: `field`, a blocks field. Without children each block renders in its design; with
 * children, they wrap each block and the `block` node inside marks where the block renders.
 */
export const blocksPropsSchema = z.strictObject({ field: fieldNameSchema });

/** block: the current block of the enclosing `blocks` node, in its design; no props. */
export const blockPropsSchema = empty;

/** form: `key` names the form's submissions; messages shown after a post (defaults are generic). */
export const formPropsSchema = z.strictObject({
  key: machineNameSchema,
  successMessage: text.optional(),
  errorMessage: text.optional(),
});

const FIELD_TYPES = ['text', 'email', 'textarea', 'number', 'tel', 'url', 'checkbox', 'select'] as const;
const TEXTUAL = new Set(['text', 'email', 'textarea', 'tel', 'url']);

/** formField: one input; `options` for (and only for) `select`; `maxLength` for text inputs. */
export const formFieldPropsSchema = z
  .strictObject({
    name: z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, 'expected a name like "email" or "first_name"'),
    label: text,
    type: z.enum(FIELD_TYPES),
    required: z.boolean().optional(),
    placeholder: text.optional(),
    options: z
      .array(z.strictObject({ value: z.string().min(1).max(200), label: text }))
      .min(1)
      .max(100)
      .optional(),
    maxLength: z.number().int().min(1).max(10_000).optional(),
  })
  .superRefine((f, ctx) => {
    if (f.type === 'select' && !f.options)
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'a select needs options' });
    if (f.type !== 'select' && f.options)
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'options are for selects only' });
    if (f.maxLength !== undefined && !TEXTUAL.has(f.type)) {
      ctx.addIssue({ code: 'custom', path: ['maxLength'], message: 'maxLength is for text inputs only' });
    }
    const values = f.options?.map((o) => o.value) ?? [];
    const dup = values.findIndex((v, i) => values.indexOf(v) !== i);
    if (dup >= 0)
      ctx.addIssue({ code: 'custom', path: ['options', dup, 'value'], message: 'duplicate option value' });
  });

/** formSubmit: the button `text` (default "Send" in the page's locale). */
export const formSubmitPropsSchema = z.strictObject({ text: text.optional() });

/** menu: `menu`, the machine name of a menu; `design`, a menu design key (absent: a plain bar). */
export const menuPropsSchema = z.strictObject({
  menu: machineNameSchema,
  design: machineNameSchema.optional(),
});

/** logo: `assetId` (default: the site's logo, else the site name as text); links home. */
export const logoPropsSchema = z.strictObject({ assetId: assetIdSchema.optional(), alt: text.optional() });

/** breadcrumbs: `home`, the first crumb's label (absent: no home crumb). */
export const breadcrumbsPropsSchema = z.strictObject({ home: text.optional() });

/** localeSwitch: show locale codes (`en`) or their names in their own language (default). */
export const localeSwitchPropsSchema = z.strictObject({ display: z.enum(['code', 'name']).optional() });
