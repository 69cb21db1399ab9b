import { z } from 'zod';
import { cacheTags } from '../cache/tags.ts';
import { overrideControls, rateRuleNames } from '../rate-limit/rules.ts';

const httpUrl = z
  .string()
  .max(2000)
  .refine((v) => /^https?:\/\/[^\s]+$/i.test(v) && URL.canParse(v), 'must be an http(s) address');

/** Every control an operator may set per space, with the value it takes. */
export const controlSchemas: Record<string, z.ZodType> = {
  'features.plugins.website.badge': z.boolean(),
  'plugins.website.badge.text': z.string().min(1).max(80),
  'plugins.website.badge.link': httpUrl,
  'features.plugins.website.password': z.boolean(),
  ...Object.fromEntries(
    rateRuleNames.flatMap((rule) => {
      const keys = overrideControls(rule);
      return [
        [keys.points, z.number().int().min(1).max(1_000_000)],
        [keys.durationSeconds, z.number().int().min(1).max(86_400)],
      ];
    }),
  ),
};

const badgeKeys = new Set([
  'features.plugins.website.badge',
  'plugins.website.badge.text',
  'plugins.website.badge.link',
]);

/**
 * What a change of controls purges in a space: the badge is drawn on every page, so a badge control purges
 * the space's cached pages; rate rules are read through the cache under `controls:<spaceId>`.
 */
export function controlPurges(spaceId: string, changedKeys: string[]): string[] {
  const tags = [cacheTags.controls(spaceId)];
  if (changedKeys.some((k) => badgeKeys.has(k))) tags.push(cacheTags.sitePagesOf(spaceId));
  return tags;
}
