import { z } from 'zod';
import { VIEWPORTS } from './tokens.ts';

/** Document meta a binding can read, and site meta (`$site.*`). */
export const META_FIELDS = [
  '$title',
  '$permalink',
  '$publishedAt',
  '$author',
  '$tags',
  '$site.name',
  '$site.logo',
] as const;
export type MetaField = (typeof META_FIELDS)[number];

const NAME = '[A-Za-z][A-Za-z0-9_]{0,63}';
/** Document meta of a related document (`relation.$title`): what a teaser of a related post shows. */
const RELATED_META = '\\$(?:title|permalink|publishedAt|author|tags)';
/**
 * `name`, `item.sub` (inside a repeat) or `relation.field` (one level into a related document, where
 * `field` may also be the related document's meta such as `$title` or `$permalink`).
 */
const FIELD_PATH = new RegExp(`^${NAME}(?:\\.(?:${NAME}|${RELATED_META}))?$`);

export function isFieldPath(s: string): boolean {
  return FIELD_PATH.test(s) || (META_FIELDS as readonly string[]).includes(s);
}

/** A field path or a meta field, as bindings read them. */
export const fieldPathSchema = z
  .string()
  .refine(isFieldPath, 'expected a field name, "item.sub", "relation.field" or a meta field like "$title"');

/** A plain field name (no dots, no meta): repeaters, blocks fields, description fields. */
export const fieldNameSchema = z.string().regex(new RegExp(`^${NAME}$`), 'expected a field name');

/** How a bound value is shown: dates in the page's locale, numbers grouped, text cut to a length. */
export const bindingFormatSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('date'),
    style: z.enum(['short', 'medium', 'long']),
    time: z.boolean().optional(),
  }),
  z.strictObject({ type: z.literal('number') }),
  z.strictObject({ type: z.literal('excerpt'), length: z.number().int().min(1).max(2000) }),
]);
export type BindingFormat = z.infer<typeof bindingFormatSchema>;

export const bindingSchema = z.strictObject({
  field: fieldPathSchema,
  format: bindingFormatSchema.optional(),
});
export type Binding = z.infer<typeof bindingSchema>;

/**
 * Where a node shows: `breakpoints` lists the viewports it is shown at (absent: all);
 * `whenField` shows it only when that field has a value (non-empty, not false).
 */
export const visibilitySchema = z.strictObject({
  breakpoints: z
    .array(z.enum(VIEWPORTS))
    .min(1)
    .max(3)
    .refine((b) => new Set(b).size === b.length, 'each viewport at most once')
    .optional(),
  whenField: fieldPathSchema.optional(),
});
export type Visibility = z.infer<typeof visibilitySchema>;
