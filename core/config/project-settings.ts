import { z } from 'zod';

/**
 * The settings of `verso dev` and of the site project (docs/components.md), kept apart from settings.ts,
 * which spreads them into the one list of settings (and so into the README's table).
 */

export const projectSettings = {
  DEV_PORTS: {
    schema: z
      .string()
      .default('3000,3100,3200')
      .transform((v, ctx) => {
        const ports = v.split(',').map((s) => Number(s.trim()));
        const valid = ports.length === 3 && ports.every((p) => Number.isInteger(p) && p >= 1 && p <= 65535);
        if (!valid || new Set(ports).size !== 3) {
          ctx.addIssue({
            code: 'custom',
            message: 'three different ports: management,public,website (4000,4100,4200)',
          });
          return z.NEVER;
        }
        return ports as [number, number, number];
      }),
    default: '`3000,3100,3200`',
    description:
      'The ports of `verso dev`: management (and the studio), public API, designed site. `verso serve` reads `PORT`.',
  },
  VERSO_CONFIG: {
    schema: z.string().min(1).optional(),
    default: '`verso.config.ts` in the working directory, else the demo’s',
    description:
      'The site project’s config, its code components (docs/components.md), for `dev`, `serve`, `import` and `build-site`; `none`: no code components.',
  },
} as const;
