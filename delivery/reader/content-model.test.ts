import { describe, expect, it } from 'vitest';
import { publicContentModel } from './content-model.ts';

describe('the public content model', () => {
  it('keeps public fields at every depth, without the search and public flags', () => {
    const model = publicContentModel({
      schemaVersion: 3,
      contentTypes: new Map([
        [
          'page',
          {
            name: 'page',
            title: 'Page',
            fields: [
              { name: 'summary', type: 'text', search: true },
              { name: 'notes', type: 'text', public: false },
              {
                name: 'faq',
                type: 'repeater',
                fields: [
                  { name: 'q', type: 'string' },
                  { name: 'hidden', type: 'string', public: false },
                ],
              },
              { name: 'tags', type: 'select', options: ['a'], multiple: true, localized: false },
            ],
          },
        ],
      ]),
      blockTypes: new Map([
        ['hero', { name: 'hero', title: 'Hero', fields: [{ name: 'image', type: 'image' }] }],
      ]),
    });
    expect(model).toEqual({
      schemaVersion: 3,
      contentTypes: [
        {
          name: 'page',
          title: 'Page',
          fields: [
            { name: 'summary', type: 'text', localized: true, multiple: false },
            {
              name: 'faq',
              type: 'repeater',
              localized: true,
              multiple: false,
              fields: [{ name: 'q', type: 'string', localized: true, multiple: false }],
            },
            { name: 'tags', type: 'select', localized: false, multiple: true, options: ['a'] },
          ],
        },
      ],
      blockTypes: [
        {
          name: 'hero',
          title: 'Hero',
          fields: [{ name: 'image', type: 'image', localized: true, multiple: false }],
        },
      ],
    });
  });
});
