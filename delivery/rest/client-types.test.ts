import { describe, expect, it } from 'vitest';
import { clientTypes, pascalCase } from './client-types.ts';
import { schemaToTs } from './json-schema-ts.ts';

describe('client types', () => {
  it('name types in PascalCase, deterministically apart when two names meet', () => {
    expect(pascalCase('blog-post')).toBe('BlogPost');
    expect(pascalCase('meta_description')).toBe('MetaDescription');
    expect(pascalCase('3d-view')).toBe('T3dView');
    const text = clientTypes({
      openapi: { components: { schemas: { Document: { type: 'object' } } } },
      model: {
        schemaVersion: 2,
        contentTypes: [
          { name: 'blog-post', title: 'A', fields: [] },
          { name: 'blog_post', title: 'B', fields: [] },
        ],
        blockTypes: [],
      },
    });
    expect(text).toContain('export type ContentDocument = BlogPostDocument | BlogPostDocument2;');
    expect(text).toContain('export type AnyBlock = never;');
  });

  it('turn JSON schemas into type expressions', () => {
    expect(schemaToTs({ type: ['string', 'null'] })).toBe('string | null');
    expect(schemaToTs({ type: 'array', items: { $ref: '#/components/schemas/Tag' } })).toBe('Array<Tag>');
    expect(schemaToTs({ type: 'object', additionalProperties: {} })).toBe('Record<string, unknown>');
    expect(schemaToTs({ enum: ['a', 'b'] })).toBe('"a" | "b"');
    expect(
      schemaToTs({
        type: 'object',
        properties: { 'a-b': { type: 'integer' }, c: { const: 'x' } },
        required: ['c'],
      }),
    ).toBe('{\n  "a-b"?: number;\n  c: "x";\n}');
  });
});
