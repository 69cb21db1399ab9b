import { describe, expect, it } from 'vitest';
import {
  builtInTypeNames,
  camelCase,
  contentBuiltInFields,
  fieldNames,
  NameAllocator,
  pascalCase,
} from './names.ts';

describe('GraphQL names', () => {
  it('PascalCases type names and camelCases field names', () => {
    expect(pascalCase('blog-post')).toBe('BlogPost');
    expect(pascalCase('blog_post')).toBe('BlogPost');
    expect(pascalCase('faq')).toBe('Faq');
    expect(pascalCase('page-2-col')).toBe('Page2Col');
    expect(camelCase('meta_description')).toBe('metaDescription');
    expect(camelCase('metaDescription')).toBe('metaDescription');
    expect(camelCase('Hero_image')).toBe('heroImage');
    expect(camelCase('URL_path')).toBe('urlPath');
    expect(camelCase('field_2')).toBe('field2');
  });

  it('gives a taken name the first free numeric suffix, in allocation order', () => {
    const names = new NameAllocator(builtInTypeNames);
    expect(
      ['blog-post', 'blog_post', 'blog-post-2', 'query', 'asset', 'content-node'].map((n) =>
        names.take(pascalCase(n)),
      ),
    ).toEqual(['BlogPost', 'BlogPost2', 'BlogPost22', 'Query2', 'Asset2', 'ContentNode2']);
  });

  it('renames a field named like a built-in field to field<Name>, then suffixes remaining clashes', () => {
    expect(
      fieldNames(
        ['title', 'type_name', 'meta_description', 'metaDescription', 'fieldTitle', 'parent'],
        contentBuiltInFields,
      ),
    ).toEqual([
      'fieldTitle',
      'fieldTypeName',
      'metaDescription',
      'metaDescription2',
      'fieldTitle2',
      'fieldParent',
    ]);
  });
});
