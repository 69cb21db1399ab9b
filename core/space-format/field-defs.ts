import { z } from 'zod';

export const fieldTypes = [
  'string',
  'text',
  'number',
  'boolean',
  'date',
  'select',
  'richText',
  'link',
  'image',
  'file',
  'content',
  'user',
  'blocks',
  'repeater',
] as const;
export type FieldType = (typeof fieldTypes)[number];

export interface FieldDef {
  name: string;
  title?: string;
  type: FieldType;
  localized?: boolean;
  search?: boolean;
  public?: boolean;
  multiple?: boolean;
  /** A delivered version must hold a value (docs/space-format.md, "Required fields"); a draft may lack it. */
  required?: boolean;
  options?: string[];
  blockTypes?: string[];
  fields?: FieldDef[];
}

export const technicalName = z
  .string()
  .regex(/^[a-z][a-z0-9]*(?:[-_][a-z0-9]+)*$/, 'must be lowercase letters, digits, - or _');
const fieldName = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9_]*$/, 'must start with a letter; letters, digits and _');

export const fieldDefSchema: z.ZodType<FieldDef> = z.lazy(() =>
  z
    .strictObject({
      name: fieldName,
      title: z.string().optional(),
      type: z.enum(fieldTypes),
      localized: z.boolean().optional(),
      search: z.boolean().optional(),
      public: z.boolean().optional(),
      multiple: z.boolean().optional(),
      required: z.boolean().optional(),
      options: z.array(z.string().min(1)).min(1).optional(),
      blockTypes: z.array(technicalName).optional(),
      fields: z.array(fieldDefSchema).optional(),
    })
    .superRefine((def, ctx) => {
      if (def.type === 'select' && !def.options)
        ctx.addIssue({ code: 'custom', path: ['options'], message: 'required for select' });
      if (def.type === 'repeater' && !def.fields)
        ctx.addIssue({ code: 'custom', path: ['fields'], message: 'required for repeater' });
      const names = new Set<string>();
      (def.fields ?? []).forEach((f, i) => {
        if (names.has(f.name))
          ctx.addIssue({
            code: 'custom',
            path: ['fields', i, 'name'],
            message: `duplicate field "${f.name}"`,
          });
        names.add(f.name);
      });
    }),
);

export const typeDefSchema = z
  .strictObject({
    name: technicalName,
    title: z.string().min(1),
    fields: z.array(fieldDefSchema),
  })
  .superRefine((def, ctx) => {
    const names = new Set<string>();
    def.fields.forEach((f, i) => {
      if (names.has(f.name))
        ctx.addIssue({ code: 'custom', path: ['fields', i, 'name'], message: `duplicate field "${f.name}"` });
      names.add(f.name);
    });
  });
export type TypeDef = z.infer<typeof typeDefSchema>;

export const isLocalized = (def: FieldDef): boolean => def.localized !== false;
export const isPublic = (def: FieldDef): boolean => def.public !== false;
export const isSearchable = (def: FieldDef): boolean => def.search === true;
