import type { Child } from 'hono/jsx';
import { instanceClass } from '../../styles/class-names.ts';
import type { DeliveredBlock, Env } from './context.ts';
import { renderNode } from './render-node.tsx';

/** The blocks of a blocks field, in either delivered shape (`{ grid, blocks }` or a plain array). */
export function blocksOf(value: unknown): DeliveredBlock[] {
  const list = Array.isArray(value) ? value : (value as { blocks?: unknown } | null)?.blocks;
  return Array.isArray(list)
    ? list.filter((b): b is DeliveredBlock => !!b && typeof b === 'object' && typeof b.type === 'string')
    : [];
}

/**
 * One block in its design: the variant the block chose, else the type's default (a chosen
 * variant that no longer exists is a design error, warned once). Every block type has a design:
 * the generated one when nobody stored one. A block with instance styles adds its own class.
 */
export function renderBlock(block: DeliveredBlock, env: Env): Child {
  const { ctx } = env;
  const design = ctx.designs.blocks[block.type];
  if (!design) {
    ctx.warn({ kind: 'block', key: block.type }, block.blockId, `no design for block type "${block.type}"`);
    return null;
  }
  let variant = block.design?.variant ?? design.default;
  if (!Object.hasOwn(design.variants, variant)) {
    ctx.warn(
      { kind: 'block', key: block.type },
      variant,
      `no variant "${variant}": showing "${design.default}"`,
    );
    variant = design.default;
  }
  const root = design.variants[variant]!.root;
  return renderNode(root, {
    ctx,
    scope: {
      ref: { kind: 'block', key: block.type, variant },
      record: block.fields ?? {},
      defs: ctx.fields.blockTypes[block.type] ?? [],
      inMain: env.scope.inMain,
      inNav: env.scope.inNav,
      rootClass: block.design?.style ? instanceClass(block.blockId) : undefined,
    },
  });
}
