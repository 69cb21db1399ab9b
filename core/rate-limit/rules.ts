/** A rate rule: this many requests per window. */
export interface RateRule {
  points: number;
  durationSeconds: number;
}

/**
 * The rate rules of operations.md. Every rule counts per client address; `perSpace` rules count per address
 * and space. Any rule can be changed for one space through `/control/v1` (controls `rateLimit.<rule>.*`).
 */
export const rateRules = {
  publicApi: { points: 300, durationSeconds: 60, perSpace: false },
  sitePages: { points: 1200, durationSeconds: 60, perSpace: false },
  'plugins.website.password': { points: 10, durationSeconds: 600, perSpace: true },
  forms: { points: 10, durationSeconds: 600, perSpace: false },
  signIn: { points: 10, durationSeconds: 600, perSpace: false },
} as const satisfies Record<string, RateRule & { perSpace: boolean }>;

export type RateRuleName = keyof typeof rateRules;
export const rateRuleNames = Object.keys(rateRules) as RateRuleName[];

/** The space controls that override a rule for one space. */
export const overrideControls = (rule: RateRuleName) => ({
  points: `rateLimit.${rule}.points`,
  durationSeconds: `rateLimit.${rule}.durationSeconds`,
});

export type RuleOverrides = Partial<Record<RateRuleName, Partial<RateRule>>>;

/** A space's overrides from its controls (`rateLimit.<rule>.points`, `.durationSeconds`). */
export function overridesFromControls(controls: Record<string, unknown>): RuleOverrides {
  const out: RuleOverrides = {};
  for (const rule of rateRuleNames) {
    const keys = overrideControls(rule);
    const points = controls[keys.points];
    const durationSeconds = controls[keys.durationSeconds];
    const override: Partial<RateRule> = {};
    if (typeof points === 'number' && Number.isInteger(points) && points > 0) override.points = points;
    if (typeof durationSeconds === 'number' && Number.isInteger(durationSeconds) && durationSeconds > 0) {
      override.durationSeconds = durationSeconds;
    }
    if (override.points || override.durationSeconds) out[rule] = override;
  }
  return out;
}
