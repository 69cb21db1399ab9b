import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { prop } from '../../site/components/define.ts';
import { propFields } from './component-form.ts';

const schemaOf = (props: z.ZodObject) =>
  z.toJSONSchema(props, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;

describe('the props form of a component', () => {
  it('has a field per prop, of the kind its JSON Schema says, with defaults and limits', () => {
    const fields = propFields(
      schemaOf(
        z.object({
          title: z.string().max(120).default('Brew ratio').describe('The heading'),
          dose: z.number().min(5).max(60).default(18),
          cups: z.number().int(),
          strong: z.boolean().default(false),
          roast: z.enum(['light', 'dark']).default('light'),
          note: prop.text().optional(),
          photo: prop.image().optional(),
          body: prop.richText().optional(),
          extra: z.array(z.string()).optional(),
        }),
      ),
      { title: 'string', dose: 'number', cups: 'number', photo: 'image', body: 'richtext' },
    );
    const by = Object.fromEntries(fields.map((f) => [f.name, f]));
    expect(by.title).toMatchObject({
      kind: 'string',
      maxLength: 120,
      default: 'Brew ratio',
      description: 'The heading',
      bindable: 'string',
      required: false,
    });
    expect(by.dose).toMatchObject({ kind: 'number', min: 5, max: 60, integer: false, default: 18 });
    // An integer without bounds: no min and max (zod writes the safe-integer range).
    expect(by.cups).toMatchObject({ kind: 'number', min: null, max: null, integer: true, required: true });
    expect(by.strong).toMatchObject({ kind: 'boolean', default: false, bindable: null });
    expect(by.roast).toMatchObject({ kind: 'enum', values: ['light', 'dark'], default: 'light' });
    expect(by.note!.kind).toBe('text');
    expect(by.photo).toMatchObject({ kind: 'image', bindable: 'image' });
    expect(by.body).toMatchObject({ kind: 'richtext', bindable: 'richtext' });
    expect(by.extra!.kind).toBe('json');
  });
});
