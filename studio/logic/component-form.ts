/**
 * The props form of a code component, read from the JSON Schema its zod props give (`z.toJSONSchema`,
 * site/components/catalog.ts): one field per prop, of the kinds the studio can edit. Pure, so it is
 * unit-tested apart from the panel that draws it (studio/app/design/component-props.tsx).
 */

type JsonSchema = {
  type?: string;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  default?: unknown;
  title?: string;
  description?: string;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  additionalProperties?: JsonSchema | boolean;
  versoProp?: string;
};

interface FieldBase {
  name: string;
  /** The schema's `title`, else the prop's name. */
  label: string;
  description: string | null;
  default: unknown;
  required: boolean;
  /** The field kind a binding may name (string, number, image, rich text), or null: not bindable. */
  bindable: string | null;
}

type FieldKind =
  | { kind: 'string'; maxLength: number | null }
  | { kind: 'number'; min: number | null; max: number | null; integer: boolean }
  | { kind: 'boolean' }
  | { kind: 'enum'; values: Array<string | number> }
  /** `prop.text()`: a string, or one per locale. */
  | { kind: 'text' }
  /** `prop.image()`: an asset id. */
  | { kind: 'image' }
  /** `prop.richText()`: a rich-text document, only ever bound. */
  | { kind: 'richtext' }
  /** Anything else (objects, lists): edited as JSON. */
  | { kind: 'json' };

export type PropField = FieldBase & FieldKind;

const SAFE_LIMIT = 2 ** 53 - 1;
const bound = (n: number | undefined) => (n === undefined || Math.abs(n) >= SAFE_LIMIT ? null : n);

function kindOf(s: JsonSchema): FieldKind {
  if (s.versoProp === 'image') return { kind: 'image' };
  if (s.versoProp === 'richtext') return { kind: 'richtext' };
  if (s.enum?.every((v) => typeof v === 'string' || typeof v === 'number'))
    return { kind: 'enum', values: s.enum as Array<string | number> };
  if (s.type === 'string') return { kind: 'string', maxLength: s.maxLength ?? null };
  if (s.type === 'number' || s.type === 'integer')
    return { kind: 'number', min: bound(s.minimum), max: bound(s.maximum), integer: s.type === 'integer' };
  if (s.type === 'boolean') return { kind: 'boolean' };
  const perLocale = (x: JsonSchema) =>
    x.type === 'object' &&
    typeof x.additionalProperties === 'object' &&
    x.additionalProperties.type === 'string';
  if (s.anyOf?.some((x) => x.type === 'string') && s.anyOf.some(perLocale)) return { kind: 'text' };
  return { kind: 'json' };
}

export function propFields(
  schema: Record<string, unknown>,
  bindable: Record<string, string> = {},
): PropField[] {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, s]) => ({
    name,
    label: s.title ?? name,
    description: s.description ?? null,
    default: s.default,
    required: required.has(name),
    bindable: bindable[name] ?? null,
    ...kindOf(s),
  }));
}
