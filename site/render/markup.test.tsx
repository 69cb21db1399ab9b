import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { element, escapeHtml } from './markup.ts';

const value = fc.oneof(fc.string(), fc.constantFrom('&', '<>', '"', "'", 'a&b"c<d>e\'f'));

describe('markup written as strings', () => {
  it('writes elements and attributes as hono/jsx does, escaping included', () => {
    fc.assert(
      fc.property(value, value, fc.option(value, { nil: undefined }), (content, href, title) => {
        expect(element('meta', { name: 'x', content })).toBe(String(<meta name="x" content={content} />));
        expect(element('a', { href, title }, escapeHtml(content))).toBe(
          String(
            <a href={href} title={title}>
              {content}
            </a>,
          ),
        );
        expect(element('script', { type: 'module', src: href }, '')).toBe(
          String(<script type="module" src={href} />),
        );
      }),
    );
  });
});
