import { z } from 'zod';
import { defaultTheme } from './default-theme.ts';
import { fontFamilySchema } from './fonts.ts';
import { styleSchema } from './style.ts';
import { COLOR_ROLES, FONT_ROLES, parseTokenRef, TOKEN_NAME, TYPE_STEPS } from './tokens.ts';
import { colorValueSchema, isColorValue, sizeSchema, tokenSchema } from './values.ts';

/**
 * THEME: the design tokens of a site (colours, fonts, type steps, scales, containers) and the
 * base styles of plain elements. The compiler emits them as custom properties on `:root`
 * (`--color-primary`, `--space-4`, …), `dark` under `prefers-color-scheme: dark`.
 */

const tokenName = z.string().regex(TOKEN_NAME, 'expected a token name of letters, digits, - and _');
const size = sizeSchema();

const roleShape = <S extends z.ZodType>(s: S) =>
  Object.fromEntries(COLOR_ROLES.map((r) => [r, s])) as Record<(typeof COLOR_ROLES)[number], S>;

/** Every colour role, plus named extras (`color:brand-2`). */
export const themeColorsSchema = z.object(roleShape(colorValueSchema)).catchall(colorValueSchema);

/** Dark-scheme colours: any subset of the light names; a missing one keeps its light value. */
export const themeDarkColorsSchema = z
  .object(roleShape(colorValueSchema.optional()))
  .catchall(colorValueSchema);

const weight = z.number().int().min(100).max(900).multipleOf(100);

export const typeStepSchema = z.strictObject({
  size,
  mobileSize: size.optional(),
  lineHeight: z.number().min(0.8).max(3),
  weight,
  letterSpacing: sizeSchema({ negative: true, units: ['em', 'rem', 'px'] }).optional(),
});
export type TypeStepStyle = z.infer<typeof typeStepSchema>;

/** What body text and each heading level use: a type step, a font role, a weight and a colour. */
export const textStyleSchema = z.strictObject({
  step: z.enum(TYPE_STEPS),
  font: z.enum(FONT_ROLES),
  weight: weight.optional(),
  color: tokenSchema('color').optional(),
});
export type TextStyle = z.infer<typeof textStyleSchema>;

/** One layer of a box shadow; `color` is a concrete colour or a colour token (follows dark mode). */
export const shadowLayerSchema = z.strictObject({
  x: sizeSchema({ negative: true, units: ['px', 'rem', 'em'] }),
  y: sizeSchema({ negative: true, units: ['px', 'rem', 'em'] }),
  blur: sizeSchema({ units: ['px', 'rem', 'em'] }),
  spread: sizeSchema({ negative: true, units: ['px', 'rem', 'em'] }).optional(),
  color: z
    .string()
    .refine(
      (s) => isColorValue(s) || parseTokenRef(s)?.group === 'color',
      'expected a colour or a colour token',
    ),
  inset: z.boolean().optional(),
});

const keysOf = <K extends string, S extends z.ZodType>(keys: readonly K[], s: S) =>
  Object.fromEntries(keys.map((k) => [k, s])) as Record<K, S>;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A theme that sets only some tokens (say colours and fonts) is completed from the default theme, as a
 * generated design is: each missing group is the default's, and the colour roles and font roles it leaves out
 * are the default's too. Anything it does set is checked as given.
 */
export function completeTheme(value: unknown): unknown {
  if (!isRecord(value)) return value;
  const base = defaultTheme as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = { ...value };
  for (const [key, fallback] of Object.entries(base)) {
    // The default dark colours suit the default light ones only: a theme with colours of its own keeps its
    // light colours in the dark unless it sets dark ones.
    if (key === 'dark' && value.colors !== undefined) continue;
    if (out[key] === undefined) out[key] = structuredClone(fallback);
    else if ((key === 'colors' || key === 'fonts') && isRecord(out[key]) && isRecord(fallback)) {
      out[key] = { ...structuredClone(fallback), ...out[key] };
    }
  }
  return out;
}

const fullThemeSchema = z
  .strictObject({
    colors: themeColorsSchema,
    dark: themeDarkColorsSchema.optional(),
    fonts: z.strictObject(keysOf(FONT_ROLES, fontFamilySchema)),
    typeSteps: z.strictObject(keysOf(TYPE_STEPS, typeStepSchema)),
    textStyles: z.strictObject(
      keysOf(['body', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const, textStyleSchema),
    ),
    space: z.record(tokenName, size),
    radius: z.record(tokenName, size),
    shadow: z.record(tokenName, z.array(shadowLayerSchema).min(1).max(4)),
    /** Named widths (`container:lg`), the one content sits in by default, and the side gutter. */
    containers: z
      .strictObject({ widths: z.record(tokenName, size), default: tokenName, gutter: size })
      .refine((c) => Object.hasOwn(c.widths, c.default), {
        message: 'default must name one of the widths',
        path: ['default'],
      }),
    /** Base styles of plain elements (and `prose`: rich text), before any design's own class. */
    elements: z
      .strictObject(
        keysOf(['body', 'link', 'button', 'input', 'label', 'prose'] as const, styleSchema.optional()),
      )
      .optional(),
  })
  .superRefine((t, ctx) => {
    for (const key of Object.keys(t.colors)) {
      if (!TOKEN_NAME.test(key))
        ctx.addIssue({ code: 'custom', path: ['colors', key], message: 'bad colour name' });
    }
    for (const key of Object.keys(t.dark ?? {})) {
      if (!Object.hasOwn(t.colors, key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['dark', key],
          message: 'dark colours must name a light colour',
        });
      }
    }
  });

export const themeSchema = z.preprocess(completeTheme, fullThemeSchema);
export type Theme = z.infer<typeof fullThemeSchema>;
