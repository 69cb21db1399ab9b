import { z } from 'zod';
import { defineProcedure } from '../rpc/procedure.ts';
import { readDocument } from './document-read.ts';
import { documentId, spaceName } from './inputs.ts';

/** A document as an editor reads it: every locale's draft and published version, tags, place, revision. */
export const contentGet = defineProcedure({
  name: 'content.get',
  permission: 'space:read',
  input: z.strictObject({ space: spaceName, id: documentId }),
  async run(ctx, input) {
    ctx.audit.target = input.id;
    return readDocument(ctx.db, ctx.space.id, input.id);
  },
});
