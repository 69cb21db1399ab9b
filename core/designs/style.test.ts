import { describe, expect, it } from 'vitest';
import { firstIssue, firstIssuePath } from './issue-path.ts';
import { instanceStyleSchema, styleSchema } from './style.ts';
import { STYLE_PROPERTIES, stylePropsSchema } from './style-props.ts';

const ASSET = '0b7e4c1a-6d2f-4a8e-9c3b-5f1e2d3c4b5a';

describe('styleSchema', () => {
  it('accepts tokens, sizes and keywords in every state', () => {
    const style = {
      base: {
        padding: 'space:4',
        marginX: 'auto',
        gap: 'space:2',
        maxWidth: 'container:lg',
        width: '100%',
        minHeight: '50vh',
        aspectRatio: '16/9',
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fit, minmax(16rem, 1fr))',
        gridColumn: 'full',
        fontFamily: 'font:heading',
        typeStep: 'type:xl',
        fontWeight: 700,
        lineHeight: 1.2,
        letterSpacing: '-0.02em',
        color: 'color:text',
        backgroundColor: 'color:surface/50',
        backgroundImage: { assetId: ASSET, position: 'center top', size: 'cover', repeat: 'no-repeat' },
        borderWidth: '1px',
        borderStyle: 'solid',
        borderRadius: 'radius:md',
        boxShadow: 'shadow:lg',
        opacity: 0.8,
        objectFit: 'cover',
        objectPosition: '50% 20%',
        position: 'sticky',
        top: '0',
        zIndex: 10,
      },
      tablet: { gridTemplateColumns: 2 },
      mobile: { gridTemplateColumns: 1, display: 'block' },
      hover: { backgroundColor: 'color:primary', color: 'color:onPrimary' },
      focus: { borderColor: 'color:primary' },
      active: { opacity: 0.6 },
    };
    expect(firstIssue(styleSchema.safeParse(style))).toBeNull();
  });

  it('accepts gradients', () => {
    const gradient = {
      type: 'radial',
      stops: [
        { color: 'color:primary', at: 0 },
        { color: 'color:accent/40', at: 100 },
      ],
    };
    expect(styleSchema.safeParse({ base: { backgroundImage: gradient } }).success).toBe(true);
  });

  it.each([
    [{ base: { color: 'red; background: url(x)' } }, 'base.color'],
    [{ base: { color: '#ff0000' } }, 'base.color'],
    [{ base: { backgroundColor: 'space:4' } }, 'base.backgroundColor'],
    [{ base: { padding: '16px' } }, 'base.padding'],
    [{ hover: { gap: '1rem' } }, 'hover.gap'],
    [{ base: { borderRadius: '4px' } }, 'base.borderRadius'],
    [{ base: { fontFamily: 'Comic Sans' } }, 'base.fontFamily'],
    [{ base: { fontSize: '20px' } }, 'base.fontSize'],
    [{ base: { width: 'calc(100% - 1rem)' } }, 'base.width'],
    [{ base: { display: 'table' } }, 'base.display'],
    [{ base: { gridTemplateColumns: 'repeat(3, 1fr)' } }, 'base.gridTemplateColumns'],
    [{ base: { gridTemplateColumns: 13 } }, 'base.gridTemplateColumns'],
    [{ base: { position: 'fixed' } }, 'base.position'],
    [{ base: { zIndex: 9999 } }, 'base.zIndex'],
    [{ base: { opacity: 2 } }, 'base.opacity'],
    [{ base: { fontWeight: 450 } }, 'base.fontWeight'],
    [{ base: { float: 'left' } }, 'base.float'],
    [{ base: { 'background-color': 'color:bg' } }, 'base.background-color'],
    [{ desktop: { color: 'color:text' } }, 'desktop'],
    [
      { base: { backgroundImage: { assetId: ASSET, url: 'https://evil.test/x.png' } } },
      'base.backgroundImage.url',
    ],
    [{ base: { backgroundImage: { assetId: 'not-a-uuid' } } }, 'base.backgroundImage.assetId'],
    [{ base: { backgroundImage: { type: 'conic', stops: [] } } }, 'base.backgroundImage.type'],
    [
      {
        base: {
          backgroundImage: {
            type: 'radial',
            angle: 90,
            stops: [
              { color: 'color:bg', at: 0 },
              { color: 'color:text', at: 100 },
            ],
          },
        },
      },
      'base.backgroundImage.angle',
    ],
    [
      {
        base: {
          backgroundImage: {
            type: 'linear',
            stops: [
              { color: 'color:bg', at: 0 },
              { color: 'white', at: 100 },
            ],
          },
        },
      },
      'base.backgroundImage.stops[1].color',
    ],
    [{ base: { objectPosition: 'center; color: red' } }, 'base.objectPosition'],
  ])('refuses %j at %s', (style, path) => {
    expect(firstIssuePath(styleSchema.safeParse(style))).toBe(path);
  });

  it('maps every allowed property to CSS or to the compiler', () => {
    expect(Object.keys(STYLE_PROPERTIES).sort()).toEqual(Object.keys(stylePropsSchema.shape).sort());
    expect(STYLE_PROPERTIES.backgroundColor).toBe('background-color');
    expect(STYLE_PROPERTIES.typeStep).toBeNull();
  });
});

describe('instanceStyleSchema', () => {
  it('accepts the editor overrides', () => {
    const style = {
      background: 'color:surface',
      backgroundImage: { assetId: ASSET, size: 'cover' },
      paddingX: 'space:4',
      paddingY: 'space:12',
      gap: 'space:2',
      textAlign: 'center',
      width: 'full',
      hide: { mobile: true },
    };
    expect(instanceStyleSchema.safeParse(style).success).toBe(true);
  });

  it.each([
    [{ color: 'color:text' }, 'color'],
    [{ background: '#fff' }, 'background'],
    [{ paddingX: '2rem' }, 'paddingX'],
    [{ width: 'wide' }, 'width'],
    [{ hide: { print: true } }, 'hide.print'],
    [{ backgroundImage: { type: 'linear', stops: [] } }, 'backgroundImage.assetId'],
  ])('refuses %j at %s', (style, path) => {
    expect(firstIssuePath(instanceStyleSchema.safeParse(style))).toBe(path);
  });
});
