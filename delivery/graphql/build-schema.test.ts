import { GraphQLInterfaceType, GraphQLObjectType, printSchema, validateSchema } from 'graphql/index.js';
import { describe, expect, it } from 'vitest';
import { buildSchema } from './build-schema.ts';
import { graphqlFixture } from './graphql-fixture.ts';

type Model = Parameters<typeof buildSchema>[0];
const fixtureModel = (): Model => {
  const f = graphqlFixture() as unknown as Model;
  return { schemaVersion: 1, contentTypes: f.contentTypes, blockTypes: f.blockTypes };
};
const fieldsOf = (model: Model, typeName: string) => {
  const type = buildSchema(model).getType(typeName);
  if (!(type instanceof GraphQLObjectType) && !(type instanceof GraphQLInterfaceType))
    throw new Error(`no type ${typeName}`);
  return Object.keys(type.getFields());
};

describe('the schema built from a content model', () => {
  it('is valid, and the same for the same model', () => {
    const schema = buildSchema(fixtureModel());
    expect(validateSchema(schema)).toEqual([]);
    expect(printSchema(buildSchema(fixtureModel()))).toBe(printSchema(schema));
    expect(schema.getMutationType()).toBeUndefined();
    expect(schema.getSubscriptionType()).toBeUndefined();
  });

  it('names content and block types in PascalCase and their fields in camelCase, with clash rules', () => {
    const schema = buildSchema(fixtureModel());
    const implementations = (name: string) =>
      schema
        .getPossibleTypes(schema.getType(name) as GraphQLInterfaceType)
        .map((t) => t.name)
        .sort();
    expect(implementations('ContentNode')).toEqual(['Asset2', 'BlogPost', 'BlogPost2', 'Page']);
    expect(implementations('Block')).toEqual(['Columns', 'Faq', 'Hero']);
    expect(fieldsOf(fixtureModel(), 'BlogPost')).toEqual(expect.arrayContaining(['metaDescription', 'mood']));
    // `blog_post` (after `blog-post`): a field `title` beside the built-in title, and two fields that camelCase alike.
    expect(fieldsOf(fixtureModel(), 'BlogPost2').slice(-3)).toEqual([
      'fieldTitle',
      'metaDescription',
      'metaDescription2',
    ]);
    expect(fieldsOf(fixtureModel(), 'FaqItemsItem')).toEqual(['itemId', 'question', 'answer', 'see']);
  });

  it('gives every content type the ContentNode fields plus parent, children and tags, and every block its own', () => {
    const base = [
      'id',
      'typeName',
      'title',
      'slug',
      'permalink',
      'locale',
      'status',
      'publishedAt',
      'updatedAt',
      'parent',
      'children',
      'tags',
      'alternates',
    ];
    expect(fieldsOf(fixtureModel(), 'ContentNode')).toEqual(base);
    expect(fieldsOf(fixtureModel(), 'Page')).toEqual([
      ...base,
      'summary',
      'body',
      'hero',
      'related',
      'author',
      'cta',
      'content',
      'rank',
    ]);
    expect(fieldsOf(fixtureModel(), 'Hero')).toEqual([
      'blockId',
      'typeName',
      'layout',
      'design',
      'heading',
      'image',
      'link',
    ]);
  });

  it('leaves restricted fields out, at any depth', () => {
    const model = fixtureModel();
    const faq = model.blockTypes.find((t) => t.name === 'faq')!;
    (faq.fields[0] as { fields: unknown[] }).fields.push({
      name: 'editor_hint',
      type: 'string',
      public: false,
    });
    const printed = printSchema(buildSchema(model));
    expect(printed).not.toMatch(/internalNotes|internal_notes|editorHint/);
    expect(fieldsOf(model, 'FaqItemsItem')).toEqual(['itemId', 'question', 'answer', 'see']);
  });

  it('types every kind of field', () => {
    const model: Model = {
      schemaVersion: 3,
      contentTypes: [
        {
          name: 'all',
          title: 'All',
          fields: [
            { name: 's', type: 'string' },
            { name: 'n', type: 'number' },
            { name: 'b', type: 'boolean' },
            { name: 'd', type: 'date' },
            { name: 'one', type: 'select', options: ['a'] },
            { name: 'many', type: 'select', options: ['a'], multiple: true },
            { name: 'r', type: 'richText' },
            { name: 'l', type: 'link' },
            { name: 'img', type: 'image' },
            { name: 'imgs', type: 'image', multiple: true },
            { name: 'f', type: 'file' },
            { name: 'c', type: 'content' },
            { name: 'cs', type: 'content', multiple: true },
            { name: 'u', type: 'user' },
            { name: 'bl', type: 'blocks' },
            {
              name: 'rep',
              type: 'repeater',
              fields: [{ name: 'inner', type: 'repeater', fields: [{ name: 'x', type: 'text' }] }],
            },
          ],
        },
      ],
      blockTypes: [],
    };
    const schema = buildSchema(model);
    expect(validateSchema(schema)).toEqual([]);
    const all = schema.getType('All') as GraphQLObjectType;
    const typeOf = (f: string) => String(all.getFields()[f]!.type);
    expect(
      ['s', 'n', 'b', 'd', 'one', 'many', 'r', 'l', 'img', 'imgs', 'f', 'c', 'cs', 'u', 'bl', 'rep'].map(
        typeOf,
      ),
    ).toEqual([
      'String',
      'Float',
      'Boolean',
      'String',
      'String',
      '[String!]!',
      'JSON',
      'Link',
      'Asset',
      '[Asset!]!',
      'Asset',
      'ContentNode',
      '[ContentNode!]!',
      'User',
      'Blocks',
      '[AllRepItem!]!',
    ]);
    expect(Object.keys((schema.getType('AllRepItemInnerItem') as GraphQLObjectType).getFields())).toEqual([
      'itemId',
      'x',
    ]);
  });
});
