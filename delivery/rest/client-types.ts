import type { PublicFieldDef } from '../reader/content-model.ts';
import type { ContentModel } from '../reader/types.ts';
import { clientNames, clientSource } from './client-fetch.ts';
import { type JsonSchema, propertyName, schemaToTs } from './json-schema-ts.ts';

/**
 * `verso types`: TypeScript types of a public API. The REST shapes (Document, Asset, Menu, …) and the answer
 * of every route come from `openapi.json`, i.e. from the same definitions that route and validate requests;
 * the content model from `GET /v1/types` adds one interface per content type and block type, their unions,
 * and relations typed as `string | Asset`, `string | Document`, `string | User` (an id unless expanded); last, a
 * typed fetch client (client-fetch.ts).
 */
export interface OpenApiLike {
  components?: { schemas?: Record<string, JsonSchema> };
  paths?: Record<
    string,
    Record<
      string,
      {
        parameters?: Array<{
          name?: string;
          in?: string;
          required?: boolean;
          description?: string;
          schema?: JsonSchema;
        }>;
        responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
      }
    >
  >;
}

/** `blog-post` → `BlogPost`, `meta_description` → `MetaDescription`; a leading digit gets a `T`. */
export function pascalCase(name: string): string {
  const out = name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');
  return /^[0-9]/.test(out) ? `T${out}` : out || 'Unnamed';
}

/** Type names for technical names, unique: a clash (`blog-post` and `blog_post`) gets `2`, `3`… in model order. */
function uniqueNames(names: string[], suffix: string, taken: Set<string>): Map<string, string> {
  const out = new Map<string, string>();
  for (const name of names) {
    const base = `${pascalCase(name)}${suffix}`;
    let candidate = base;
    for (let i = 2; taken.has(candidate); i++) candidate = `${base}${i}`;
    taken.add(candidate);
    out.set(name, candidate);
  }
  return out;
}

const doc = (text: string, indent = '') => `${indent}/** ${text.replace(/\*\//g, '* /')} */\n`;

function components(openapi: OpenApiLike): string[] {
  return Object.entries(openapi.components?.schemas ?? {}).map(([name, schema]) => {
    const ts = schemaToTs(schema);
    const comment = schema.description ? doc(schema.description) : '';
    return ts.startsWith('{')
      ? `${comment}export interface ${name} ${ts}`
      : `${comment}export type ${name} = ${ts};`;
  });
}

function restResponses(openapi: OpenApiLike): string {
  const lines: string[] = [];
  for (const [path, operations] of Object.entries(openapi.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) {
      const schema = operation.responses?.['200']?.content?.['application/json']?.schema;
      if (schema)
        lines.push(`  ${JSON.stringify(`${method.toUpperCase()} ${path}`)}: ${schemaToTs(schema, '  ')};`);
    }
  }
  return `${doc('The answer (200) of every route, by `METHOD /path` as openapi.json names it.')}export interface RestResponses {\n${lines.join('\n')}\n}`;
}

export function clientTypes(input: { openapi: OpenApiLike; model: ContentModel; source?: string }): string {
  const { model } = input;
  const taken = new Set(Object.keys(input.openapi.components?.schemas ?? {}));
  for (const reserved of [
    'BlocksOf',
    'AnyBlock',
    'ContentDocument',
    'ContentTypeName',
    'ContentDocuments',
    'RestResponses',
    ...clientNames,
  ])
    taken.add(reserved);
  const blockNames = uniqueNames(
    model.blockTypes.map((t) => t.name),
    'Block',
    taken,
  );
  const docNames = uniqueNames(
    model.contentTypes.map((t) => t.name),
    'Document',
    taken,
  );

  const fieldType = (def: PublicFieldDef, indent: string): string => {
    const many = (t: string) => (def.multiple ? `Array<${t}>` : t);
    switch (def.type) {
      case 'number':
        return 'number';
      case 'boolean':
        return 'boolean';
      case 'select':
        return many(def.options?.length ? def.options.map((o) => JSON.stringify(o)).join(' | ') : 'string');
      case 'richText':
        return 'RichText';
      case 'link':
        return 'Link';
      case 'image':
      case 'file':
        return many('string | Asset');
      case 'content':
        return many('string | Document');
      case 'user':
        return many('string | User');
      case 'blocks': {
        const allowed = (def.blockTypes ?? [])
          .map((b) => blockNames.get(b))
          .filter((n): n is string => n !== undefined);
        return `BlocksOf<${def.blockTypes ? allowed.join(' | ') || 'never' : 'AnyBlock'}>`;
      }
      case 'repeater':
        return `Array<{ itemId: string; fields: ${fieldsObject(def.fields ?? [], `${indent}  `)} }>`;
      default:
        return 'string';
    }
  };
  const fieldsObject = (defs: PublicFieldDef[], indent: string): string => {
    if (defs.length === 0) return 'Record<string, never>';
    const lines = defs.map(
      (d) => `${indent}  ${propertyName(d.name)}: ${fieldType(d, `${indent}  `)} | null;`,
    );
    return `{\n${lines.join('\n')}\n${indent}}`;
  };

  const out: string[] = [
    `// Types of the Verso delivery API${input.source ? ` at ${input.source}` : ''}, content model schema version ${model.schemaVersion}.`,
    '// Generated by `verso types` from /openapi.json and /v1/types: do not edit; run it again when the model changes.',
    '',
    ...components(input.openapi),
    '',
    `${doc('A blocks field whose blocks are of the given types.')}export interface BlocksOf<B> {\n  grid: Record<string, unknown> | null;\n  blocks: B[];\n}`,
  ];
  for (const type of model.blockTypes) {
    const name = blockNames.get(type.name)!;
    out.push(
      `${doc(`Block type \`${type.name}\` (${type.title}).`)}export interface ${name} extends Omit<Block, 'type' | 'fields'> {\n  type: ${JSON.stringify(type.name)};\n  fields: ${fieldsObject(type.fields as PublicFieldDef[], '  ')};\n}`,
    );
  }
  out.push(`export type AnyBlock = ${[...blockNames.values()].join(' | ') || 'never'};`);
  for (const type of model.contentTypes) {
    const name = docNames.get(type.name)!;
    out.push(
      `${doc(`Content type \`${type.name}\` (${type.title}).`)}export interface ${name} extends Omit<Document, 'type' | 'fields'> {\n  type: ${JSON.stringify(type.name)};\n  fields: ${fieldsObject(type.fields as PublicFieldDef[], '  ')};\n}`,
    );
  }
  out.push(
    `${doc('Any document of this space; narrow it by `type`.')}export type ContentDocument = ${[...docNames.values()].join(' | ') || 'never'};`,
    `export type ContentTypeName = ${model.contentTypes.map((t) => JSON.stringify(t.name)).join(' | ') || 'never'};`,
    `export interface ContentDocuments {\n${model.contentTypes.map((t) => `  ${propertyName(t.name)}: ${docNames.get(t.name)};`).join('\n')}\n}`,
    '',
    restResponses(input.openapi),
    clientSource(
      input.openapi.paths?.['/v1/content']?.get?.parameters ?? [],
      input.openapi.paths?.['/v1/content/deleted']?.get?.parameters ?? [],
    ),
  );
  return out.join('\n');
}
