import { describe, expect, it } from 'vitest';
import { validDesigns } from '../../core/designs/fixtures.ts';
import { defaultTheme, designRecordSchema, themeSchema } from '../../core/designs/index.ts';
import { sampleMessage } from './sample-message.ts';
import { z as passThrough } from './zod-pass-through.ts';

// Typed as the zod it stands in for.
const z = passThrough as any;

describe('zod in the canvas bundle', () => {
  it('builds any schema and accepts any input unchanged', async () => {
    const schema = z
      .strictObject({ a: z.string().min(1) })
      .optional()
      .superRefine(() => {});
    const input = { a: '', extra: [1] };
    expect(schema.safeParse(input)).toEqual({ success: true, data: input });
    expect(schema.parse(input)).toBe(input);
    // Not a thenable: awaiting a schema gives the schema back.
    expect(await schema).toBe(schema);
  });

  // The pass-through is right only while checking a valid design changes nothing: no schema of
  // core/designs may transform or default a value. Should one start to, this fails.
  it('is safe while parsing a valid design gives the design back as it was', () => {
    for (const record of [...validDesigns(), ...sampleMessage().designs]) {
      expect(designRecordSchema.parse(record)).toEqual(record);
    }
    expect(themeSchema.parse(defaultTheme)).toEqual(defaultTheme);
  });
});
