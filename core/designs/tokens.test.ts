import { describe, expect, it } from 'vitest';
import { BREAKPOINTS, formatTokenRef, parseTokenRef } from './tokens.ts';

describe('parseTokenRef', () => {
  it('reads each group', () => {
    expect(parseTokenRef('color:primary')).toEqual({ group: 'color', name: 'primary' });
    expect(parseTokenRef('font:heading')).toEqual({ group: 'font', name: 'heading' });
    expect(parseTokenRef('type:2xl')).toEqual({ group: 'type', name: '2xl' });
    expect(parseTokenRef('space:4')).toEqual({ group: 'space', name: '4' });
    expect(parseTokenRef('radius:md')).toEqual({ group: 'radius', name: 'md' });
    expect(parseTokenRef('shadow:lg')).toEqual({ group: 'shadow', name: 'lg' });
    expect(parseTokenRef('container:lg')).toEqual({ group: 'container', name: 'lg' });
  });

  it('reads colour opacity from 0 to 100', () => {
    expect(parseTokenRef('color:primary/50')).toEqual({ group: 'color', name: 'primary', alpha: 50 });
    expect(parseTokenRef('color:onPrimary/0')).toEqual({ group: 'color', name: 'onPrimary', alpha: 0 });
    expect(parseTokenRef('color:brand-2/100')).toEqual({ group: 'color', name: 'brand-2', alpha: 100 });
  });

  it.each([
    ['color:primary/101'],
    ['color:primary/050'],
    ['color:primary/-1'],
    ['color:primary/5.5'],
    ['color:primary/'],
    ['space:4/50'],
    ['color:'],
    ['color'],
    [':primary'],
    ['colour:primary'],
    ['Color:primary'],
    ['color: primary'],
    ['color:primary '],
    ['color:primary;background:red'],
    ['color:-primary'],
    ['space:0.5'],
    ['font:display'],
    ['type:5xl'],
    ['color:a:b'],
    [`color:${'a'.repeat(41)}`],
    [''],
  ])('refuses %j', (s) => {
    expect(parseTokenRef(s)).toBeNull();
  });

  it('formats back to the same string', () => {
    for (const s of ['color:primary/50', 'space:4', 'type:xl'])
      expect(formatTokenRef(parseTokenRef(s)!)).toBe(s);
  });

  it('nests mobile inside tablet', () => {
    expect(BREAKPOINTS.mobile.maxWidth).toBe(639);
    expect(BREAKPOINTS.tablet.maxWidth).toBe(1023);
  });
});
