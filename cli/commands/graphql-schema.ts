import { writeFile } from 'node:fs/promises';
import { printSchema } from 'graphql/index.js';
import { buildSchema } from '../../delivery/graphql/build-schema.ts';
import type { ContentModel } from '../../delivery/reader/types.ts';
import { fetchJson } from './types.ts';

/**
 * `verso graphql-schema --url <public API> [--out file]`: the SDL of the space's `/graphql`, built from
 * `GET /v1/types` by the code the server builds it with, so it needs no introspection (off in production).
 */
export async function graphqlSchemaCommand(options: { url: string; out?: string }): Promise<void> {
  const base = options.url.replace(/\/+$/, '');
  const model = await fetchJson<ContentModel>(`${base}/v1/types`);
  const text = `# The GraphQL schema of ${base}/graphql, content model schema version ${model.schemaVersion}.\n# Written by \`verso graphql-schema\`: run it again when the model changes.\n\n${printSchema(buildSchema(model))}\n`;
  if (options.out) {
    await writeFile(options.out, text);
    process.stderr.write(`wrote ${options.out} (schema version ${model.schemaVersion})\n`);
  } else {
    process.stdout.write(text);
  }
}
