import { z } from 'zod';
import { assetIdSchema, sizeSchema, tokenSchema } from './values.ts';

/**
 * PROPS: the allow-list of style properties a design may set. Colours, spacing, type and radius
 * take tokens only; sizes a number with a unit; everything else a listed keyword or a bounded
 * number. The compiler turns each property into CSS with `STYLE_PROPERTIES`.
 */

const space = tokenSchema('space');
const spaceOrAuto = z.union([z.literal('auto'), space]);
const color = tokenSchema('color');
const size = sizeSchema();
const sizeKeyword = z.enum(['auto', 'none', 'fit-content', 'min-content', 'max-content']);
const boxSize = z.union([sizeKeyword, tokenSchema('container'), size]);
const POSITION =
  /^(?:(?:center|top|bottom|left|right|\d{1,3}%)(?: (?:center|top|bottom|left|right|\d{1,3}%))?)$/;
const positionValue = z
  .string()
  .regex(POSITION, 'expected keywords or percentages like "center" or "50% 20%"');

const GRID_AUTO =
  /^repeat\((auto-fit|auto-fill), ?minmax\((\d{1,4}(?:\.\d{1,2})?(?:px|rem|em|ch)), ?1fr\)\)$/;

/** A background image from the space's assets. */
export const backgroundAssetSchema = z.strictObject({
  type: z.literal('image').optional(),
  assetId: assetIdSchema,
  position: positionValue.optional(),
  size: z.enum(['cover', 'contain', 'auto']).optional(),
  repeat: z.enum(['no-repeat', 'repeat', 'repeat-x', 'repeat-y']).optional(),
});

/** A gradient of two to eight colour stops; `angle` (degrees) for linear gradients only. */
export const gradientSchema = z
  .strictObject({
    type: z.enum(['linear', 'radial']),
    angle: z.number().int().min(0).max(360).optional(),
    stops: z
      .array(z.strictObject({ color, at: z.number().min(0).max(100) }))
      .min(2)
      .max(8),
  })
  .refine((g) => g.type === 'linear' || g.angle === undefined, {
    message: 'angle applies to linear gradients only',
    path: ['angle'],
  });

const PROP_SCHEMAS = {
  // spacing
  padding: space,
  paddingTop: space,
  paddingRight: space,
  paddingBottom: space,
  paddingLeft: space,
  paddingX: space,
  paddingY: space,
  margin: spaceOrAuto,
  marginTop: spaceOrAuto,
  marginRight: spaceOrAuto,
  marginBottom: spaceOrAuto,
  marginLeft: spaceOrAuto,
  marginX: spaceOrAuto,
  marginY: spaceOrAuto,
  gap: space,
  rowGap: space,
  columnGap: space,
  // size
  width: boxSize,
  height: boxSize,
  minWidth: boxSize,
  maxWidth: boxSize,
  minHeight: boxSize,
  maxHeight: boxSize,
  aspectRatio: z.union([
    z.literal('auto'),
    z.string().regex(/^\d{1,4} ?\/ ?\d{1,4}$/, 'expected a ratio like "16/9"'),
    z.number().positive().max(100),
  ]),
  // flex and grid
  display: z.enum([
    'block',
    'inline',
    'inline-block',
    'flex',
    'inline-flex',
    'grid',
    'inline-grid',
    'contents',
    'none',
  ]),
  flexDirection: z.enum(['row', 'row-reverse', 'column', 'column-reverse']),
  flexWrap: z.enum(['nowrap', 'wrap', 'wrap-reverse']),
  alignItems: z.enum(['start', 'end', 'center', 'stretch', 'baseline']),
  justifyContent: z.enum([
    'start',
    'end',
    'center',
    'stretch',
    'space-between',
    'space-around',
    'space-evenly',
  ]),
  alignSelf: z.enum(['auto', 'start', 'end', 'center', 'stretch', 'baseline']),
  flex: z.union([z.enum(['auto', 'none']), z.number().int().min(0).max(12)]),
  gridTemplateColumns: z.union([
    z.number().int().min(1).max(12),
    z.string().regex(GRID_AUTO, 'expected a column count or "repeat(auto-fit, minmax(<size>, 1fr))"'),
  ]),
  gridColumn: z.union([z.literal('full'), z.number().int().min(1).max(12)]),
  // typography
  fontFamily: tokenSchema('font'),
  typeStep: tokenSchema('type'),
  fontSize: tokenSchema('type'),
  fontWeight: z.number().int().min(100).max(900).multipleOf(100),
  lineHeight: z.number().min(0.5).max(4),
  letterSpacing: z.union([z.literal('normal'), sizeSchema({ negative: true, units: ['em', 'rem', 'px'] })]),
  textAlign: z.enum(['left', 'center', 'right', 'justify', 'start', 'end']),
  textTransform: z.enum(['none', 'uppercase', 'lowercase', 'capitalize']),
  textDecoration: z.enum(['none', 'underline', 'line-through']),
  fontStyle: z.enum(['normal', 'italic']),
  // colour, background, border, radius, shadow, effects
  color,
  backgroundColor: color,
  borderColor: color,
  backgroundImage: z.discriminatedUnion('type', [backgroundAssetSchema, gradientSchema]),
  borderWidth: sizeSchema({ units: ['px', 'rem', 'em'] }),
  borderStyle: z.enum(['none', 'solid', 'dashed', 'dotted']),
  borderRadius: tokenSchema('radius'),
  boxShadow: z.union([z.literal('none'), tokenSchema('shadow')]),
  opacity: z.number().min(0).max(1),
  overflow: z.enum(['visible', 'hidden', 'clip', 'auto', 'scroll']),
  objectFit: z.enum(['cover', 'contain', 'fill', 'none', 'scale-down']),
  objectPosition: positionValue,
  position: z.enum(['static', 'relative', 'sticky']),
  top: z.union([space, size]),
  zIndex: z.number().int().min(0).max(100),
};

export type StyleProp = keyof typeof PROP_SCHEMAS;

export const stylePropsSchema = z.strictObject(PROP_SCHEMAS).partial();
export type StyleProps = z.infer<typeof stylePropsSchema>;

/**
 * The CSS property each style property sets. `null`: the compiler expands it itself
 * (`paddingX` → inline padding, `typeStep` → size, line height, weight and letter spacing of
 * the step, `gridTemplateColumns: 3` → `repeat(3, minmax(0, 1fr))`, `gridColumn: 2` →
 * `span 2 / span 2`, `backgroundImage` → an image URL or a gradient).
 */
export const STYLE_PROPERTIES: Record<StyleProp, string | null> = {
  padding: 'padding',
  paddingTop: 'padding-top',
  paddingRight: 'padding-right',
  paddingBottom: 'padding-bottom',
  paddingLeft: 'padding-left',
  paddingX: 'padding-inline',
  paddingY: 'padding-block',
  margin: 'margin',
  marginTop: 'margin-top',
  marginRight: 'margin-right',
  marginBottom: 'margin-bottom',
  marginLeft: 'margin-left',
  marginX: 'margin-inline',
  marginY: 'margin-block',
  gap: 'gap',
  rowGap: 'row-gap',
  columnGap: 'column-gap',
  width: 'width',
  height: 'height',
  minWidth: 'min-width',
  maxWidth: 'max-width',
  minHeight: 'min-height',
  maxHeight: 'max-height',
  aspectRatio: 'aspect-ratio',
  display: 'display',
  flexDirection: 'flex-direction',
  flexWrap: 'flex-wrap',
  alignItems: 'align-items',
  justifyContent: 'justify-content',
  alignSelf: 'align-self',
  flex: 'flex',
  gridTemplateColumns: null,
  gridColumn: null,
  fontFamily: 'font-family',
  typeStep: null,
  fontSize: 'font-size',
  fontWeight: 'font-weight',
  lineHeight: 'line-height',
  letterSpacing: 'letter-spacing',
  textAlign: 'text-align',
  textTransform: 'text-transform',
  textDecoration: 'text-decoration',
  fontStyle: 'font-style',
  color: 'color',
  backgroundColor: 'background-color',
  borderColor: 'border-color',
  backgroundImage: null,
  borderWidth: 'border-width',
  borderStyle: 'border-style',
  borderRadius: 'border-radius',
  boxShadow: 'box-shadow',
  opacity: 'opacity',
  overflow: 'overflow',
  objectFit: 'object-fit',
  objectPosition: 'object-position',
  position: 'position',
  top: 'top',
  zIndex: 'z-index',
};
