/**
 * What a project imports as `verso/components` (verso.config.ts and its components): the loader points
 * that name here, so a project needs no build step and no path into Verso's sources.
 */
export type { ComponentContext, ComponentDefinition, ImageOptions, VersoConfig } from './define.ts';
export { defineComponent, defineConfig, prop } from './define.ts';
