import { z } from 'zod';
import { backgroundAssetSchema, stylePropsSchema } from './style-props.ts';
import { tokenSchema } from './values.ts';

/**
 * STYLE: the style of one node (or of a theme element, or a menu part). `base` applies
 * everywhere; `tablet` and `mobile` override it at their breakpoints (`BREAKPOINTS`); `hover`,
 * `focus` and `active` apply in those states.
 */
export const STYLE_STATES = ['base', 'tablet', 'mobile', 'hover', 'focus', 'active'] as const;
export type StyleState = (typeof STYLE_STATES)[number];

export const styleSchema = z.strictObject({
  base: stylePropsSchema.optional(),
  tablet: stylePropsSchema.optional(),
  mobile: stylePropsSchema.optional(),
  hover: stylePropsSchema.optional(),
  focus: stylePropsSchema.optional(),
  active: stylePropsSchema.optional(),
});
export type Style = z.infer<typeof styleSchema>;

const space = tokenSchema('space');

/**
 * A block instance's `ext.website.style`: the few overrides an editor may set on one block in
 * a document. `width: 'full'` lets the block span the viewport, `contained` keeps it in the
 * default container; `hide` hides it at the viewports set to true.
 */
export const instanceStyleSchema = z.strictObject({
  background: tokenSchema('color').optional(),
  backgroundImage: backgroundAssetSchema.omit({ type: true }).optional(),
  paddingX: space.optional(),
  paddingY: space.optional(),
  gap: space.optional(),
  textAlign: z.enum(['left', 'center', 'right', 'justify', 'start', 'end']).optional(),
  width: z.enum(['contained', 'full']).optional(),
  hide: z
    .strictObject({
      desktop: z.boolean().optional(),
      tablet: z.boolean().optional(),
      mobile: z.boolean().optional(),
    })
    .optional(),
});
export type InstanceStyle = z.infer<typeof instanceStyleSchema>;
