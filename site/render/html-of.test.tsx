import { raw } from 'hono/html';
import { describe, expect, it } from 'vitest';
import { htmlOf } from './html-of.ts';

const Item = ({ label }: { label: string }) => <li data-x={label}>{label}</li>;

describe('htmlOf', () => {
  it('writes the same HTML as hono/jsx toString, escaping included', () => {
    const tree = (
      <html lang="en">
        <body>
          <ul class="a&b">
            {['<one>', '"two"', "th'ree"].map((label) => (
              <Item label={label} />
            ))}
          </ul>
          <input disabled />
          {raw('<!-- kept -->')}
          {null}
          {0}
        </body>
      </html>
    );
    const html = htmlOf(tree);
    expect(html).toBe(tree.toString());
    expect(html).toContain('<li data-x="&lt;one&gt;">&lt;one&gt;</li>');
  });

  it('refuses a tree with an asynchronous component with a clear error', () => {
    const Later = async () => <b>later</b>;
    expect(() => htmlOf(<p>{(<Later />) as unknown as string}</p>)).toThrow(/asynchronous component/);
  });
});
