import { describe, expect, it } from 'vitest';
import { Icon, iconsWritten } from './icons.tsx';

const svg = (attrs: string) =>
  `<svg${attrs} viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" focusable="false"`;

describe('Icon', () => {
  it('writes the same markup again from what it kept, each class and label its own', () => {
    const decorative = `${svg(' class="n-a"')} aria-hidden="true"><path d="M20 6 9 17l-5-5"></path></svg>`;
    const labelled = `${svg(' class="n-b"')} role="img" aria-label="Done &amp; &lt;ok&gt;"><path d="M20 6 9 17l-5-5"></path></svg>`;
    for (let i = 0; i < 2; i++) {
      expect(String(Icon({ name: 'check', attrs: { class: 'n-a' } }))).toBe(decorative);
      expect(String(Icon({ name: 'check', label: 'Done & <ok>', attrs: { class: 'n-b' } }))).toBe(labelled);
      expect(String(Icon({ name: 'check', label: '', attrs: { class: 'n-a' } }))).toBe(decorative);
      expect(String(Icon({ name: 'plus' }))).toBe(
        `${svg('')} aria-hidden="true"><path d="M12 5v14M5 12h14"></path></svg>`,
      );
    }
  });

  it('keeps at most a thousand icons written', () => {
    for (let i = 0; i < 1500; i++) Icon({ name: 'check', attrs: { class: `n-${i}` } });
    expect(iconsWritten()).toBe(1000);
    expect(String(Icon({ name: 'check', attrs: { class: 'n-7' } }))).toContain('class="n-7"');
  });
});
