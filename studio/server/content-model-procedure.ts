import { z } from 'zod';
import { spaceName } from '../../core/procedures/inputs.ts';
import { defineProcedure } from '../../core/rpc/procedure.ts';
import type { FieldDef } from '../../core/space-format/field-defs.ts';

export interface ModelType {
  name: string;
  title: string;
  fields: FieldDef[];
}

/**
 * `studio.contentModel`: the space's content and block types with their whole field definitions, from which
 * the content view builds its forms (studio/logic/form-model.ts). The delivery API names only public fields,
 * and `studio.preview` only their names; an editor writes every field. Needs `space:read`.
 */
export const studioContentModel = defineProcedure({
  name: 'studio.contentModel',
  permission: 'space:read',
  input: z.strictObject({ space: spaceName }),
  async run(ctx) {
    const rows = await ctx.db.query<ModelType & { kind: 'content' | 'block' }>(
      'select kind, name, title, fields from content_types where space_id = $1 order by kind, position, name',
      [ctx.space.id],
    );
    const of = (kind: string) =>
      rows.rows.filter((r) => r.kind === kind).map(({ name, title, fields }) => ({ name, title, fields }));
    return { contentTypes: of('content'), blockTypes: of('block') };
  },
});
