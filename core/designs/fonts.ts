import { z } from 'zod';
import { assetIdSchema } from './values.ts';

export interface BundledFamily {
  name: string;
  /** The @fontsource package id: `@fontsource/<id>`, files `<id>-latin-<weight>-<style>.woff2`. */
  id: string;
  category: 'sans' | 'serif' | 'mono';
  weights: readonly number[];
  /** Weights that also have an italic face; empty when the family has no italics. */
  italicWeights: readonly number[];
}

const W = [400, 500, 600, 700] as const;

/** The ten open-licence families shipped with Verso (those installed under @fontsource). */
export const BUNDLED_FAMILIES = [
  { name: 'Inter', id: 'inter', category: 'sans', weights: W, italicWeights: W },
  { name: 'DM Sans', id: 'dm-sans', category: 'sans', weights: W, italicWeights: W },
  { name: 'Plus Jakarta Sans', id: 'plus-jakarta-sans', category: 'sans', weights: W, italicWeights: W },
  { name: 'Outfit', id: 'outfit', category: 'sans', weights: W, italicWeights: [] },
  { name: 'Space Grotesk', id: 'space-grotesk', category: 'sans', weights: W, italicWeights: [] },
  { name: 'Bricolage Grotesque', id: 'bricolage-grotesque', category: 'sans', weights: W, italicWeights: [] },
  { name: 'Source Serif 4', id: 'source-serif-4', category: 'serif', weights: W, italicWeights: W },
  { name: 'Lora', id: 'lora', category: 'serif', weights: W, italicWeights: W },
  { name: 'Fraunces', id: 'fraunces', category: 'serif', weights: W, italicWeights: W },
  { name: 'JetBrains Mono', id: 'jetbrains-mono', category: 'mono', weights: W, italicWeights: W },
] as const satisfies readonly BundledFamily[];

export type BundledFamilyName = (typeof BUNDLED_FAMILIES)[number]['name'];

export function bundledFamily(name: string): BundledFamily | undefined {
  return BUNDLED_FAMILIES.find((f) => f.name === name);
}

/** The fallback stack the compiler appends when a theme gives none. */
export const DEFAULT_FALLBACKS: Record<BundledFamily['category'], readonly string[]> = {
  sans: ['system-ui', 'sans-serif'],
  serif: ['Georgia', 'serif'],
  mono: ['ui-monospace', 'monospace'],
};

/** Family names are quoted by the compiler; this pattern keeps quotes and semicolons out. */
const FAMILY_NAME = /^[A-Za-z0-9][A-Za-z0-9 -]{0,63}$/;
const familyName = z.string().regex(FAMILY_NAME, 'expected a family name of letters, digits, spaces and -');

const uploadedFaceSchema = z.strictObject({
  assetId: assetIdSchema,
  weight: z.number().int().min(100).max(900).multipleOf(100),
  style: z.enum(['normal', 'italic']),
});

/**
 * A font role's family: a bundled family by name, or an uploaded one with one woff2 asset per
 * weight and style. `fallback` is the stack after it (family names or generic keywords).
 */
export const fontFamilySchema = z
  .strictObject({
    family: familyName,
    uploaded: z.array(uploadedFaceSchema).min(1).max(18).optional(),
    // A list, or one CSS string as people write it: "system-ui, sans-serif" (quotes dropped).
    fallback: z
      .preprocess(
        (v) =>
          typeof v === 'string'
            ? v
                .split(',')
                .map((name) => name.trim().replace(/^(['"])(.*)\1$/, '$2'))
                .filter(Boolean)
            : v,
        z.array(familyName).max(8),
      )
      .optional(),
  })
  .superRefine((f, ctx) => {
    if (!f.uploaded) {
      if (!bundledFamily(f.family)) {
        const names = BUNDLED_FAMILIES.map((b) => b.name).join(', ');
        ctx.addIssue({
          code: 'custom',
          path: ['family'],
          message: `expected a bundled family (${names}) or uploaded faces`,
        });
      }
      return;
    }
    const seen = new Set<string>();
    f.uploaded.forEach((face, i) => {
      const key = `${face.weight}/${face.style}`;
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', path: ['uploaded', i], message: `duplicate face ${key}` });
      seen.add(key);
    });
  });
export type FontFamily = z.infer<typeof fontFamilySchema>;
