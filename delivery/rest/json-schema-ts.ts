/**
 * JSON Schema (the subset `openapi.json` uses: objects, arrays, records, enums, constants, `$ref`, unions and
 * nullable types) as a TypeScript type expression. Enough to turn the API's components into client types
 * without another dependency.
 */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: boolean | JsonSchema;
  enum?: unknown[];
  const?: unknown;
  $ref?: string;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  description?: string;
};

const identifier = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
export const propertyName = (name: string): string => (identifier.test(name) ? name : JSON.stringify(name));
const refName = (ref: string): string => ref.slice(ref.lastIndexOf('/') + 1);
const paren = (t: string) => (/[|&]/.test(t) ? `(${t})` : t);

const scalar: Record<string, string> = {
  string: 'string',
  integer: 'number',
  number: 'number',
  boolean: 'boolean',
  null: 'null',
};

export function schemaToTs(schema: JsonSchema | undefined, indent = ''): string {
  if (!schema || Object.keys(schema).length === 0) return 'unknown';
  if (schema.$ref) return refName(schema.$ref);
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return [...new Set(union.map((s) => schemaToTs(s, indent)))].join(' | ');
  if (schema.allOf) return schema.allOf.map((s) => paren(schemaToTs(s, indent))).join(' & ');
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : ['object'];
  const parts = types.map((type) => {
    if (type === 'array') return `Array<${schemaToTs(schema.items, indent)}>`;
    if (type === 'object') return objectToTs(schema, indent);
    return scalar[type] ?? 'unknown';
  });
  if (schema.nullable && !parts.includes('null')) parts.push('null');
  return parts.join(' | ');
}

function objectToTs(schema: JsonSchema, indent: string): string {
  const inner = `${indent}  `;
  const required = new Set(schema.required ?? []);
  const lines = Object.entries(schema.properties ?? {}).map(([name, prop]) => {
    const doc = prop.description ? `${inner}/** ${prop.description.replace(/\*\//g, '* /')} */\n` : '';
    return `${doc}${inner}${propertyName(name)}${required.has(name) ? '' : '?'}: ${schemaToTs(prop, inner)};`;
  });
  const extra = schema.additionalProperties;
  if (extra && (lines.length === 0 || extra !== true)) {
    const value = extra === true ? 'unknown' : schemaToTs(extra, inner);
    if (lines.length === 0) return `Record<string, ${value}>`;
    lines.push(`${inner}[key: string]: ${value};`);
  }
  return lines.length ? `{\n${lines.join('\n')}\n${indent}}` : 'Record<string, unknown>';
}
