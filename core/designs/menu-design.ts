import { z } from 'zod';
import { styleSchema } from './style.ts';

export const MENU_VARIANTS = ['bar', 'list', 'dropdown', 'mega', 'columns'] as const;
export const MENU_PARTS = ['menu', 'level', 'current', 'mobileButton', 'panel'] as const;

/**
 * MENU_DESIGN: how a menu renders. `depth` levels of entries are shown; below `collapseAt` the
 * menu is kept as is, or behind a burger button, or in a side panel. `dropdown`, `burger` and
 * `panel` menus are enhanced by the menu island and work as plain links without script.
 */
export const menuDesignSchema = z.strictObject({
  variant: z.enum(MENU_VARIANTS),
  depth: z.number().int().min(1).max(4),
  mobile: z
    .strictObject({
      behaviour: z.enum(['keep', 'burger', 'panel']),
      collapseAt: z.enum(['tablet', 'mobile']),
    })
    .optional(),
  /** Styles of the parts: the whole menu, each nested level, the current entry, the button, the panel. */
  styles: z
    .strictObject({
      menu: styleSchema.optional(),
      level: styleSchema.optional(),
      current: styleSchema.optional(),
      mobileButton: styleSchema.optional(),
      panel: styleSchema.optional(),
    })
    .optional(),
});
export type MenuDesign = z.infer<typeof menuDesignSchema>;
