import {
  STYLE_PROPERTIES,
  type StyleProp,
  type StyleProps,
  type ThemeTokenNames,
} from '../core/designs/index.ts';
import { cssUrl } from './css-text.ts';
import { at, type StylePath } from './style-error.ts';
import { TYPE_PARTS, tokenProperty, typeStepOf, valueCss } from './token-css.ts';

/**
 * One set of style properties (PROPS of designs.md) as CSS declarations. The order is the fixed order
 * of `STYLE_PROPERTIES` (shorthands before their sides, a type step before an explicit weight), never
 * the order of the input's keys, so equal styles compile to equal bytes and a specific property
 * always wins over the shorthand it refines.
 */

export interface DeclarationContext {
  names: ThemeTokenNames;
  assetUrl: (assetId: string) => string;
}

const ORDER = Object.keys(STYLE_PROPERTIES) as StyleProp[];

type Background = NonNullable<StyleProps['backgroundImage']>;
type BackgroundAsset = Extract<Background, { assetId: string }>;

/** An image background: its URL and placement (default: centred, covering, not repeated). */
export function backgroundAssetDeclarations(
  bg: Omit<BackgroundAsset, 'type'>,
  ctx: Pick<DeclarationContext, 'assetUrl'>,
): string[] {
  return [
    `background-image:${cssUrl(ctx.assetUrl(bg.assetId))}`,
    `background-position:${bg.position ?? 'center'}`,
    `background-size:${bg.size ?? 'cover'}`,
    `background-repeat:${bg.repeat ?? 'no-repeat'}`,
  ];
}

function backgroundDeclarations(bg: Background, ctx: DeclarationContext, where: StylePath): string[] {
  if (!('stops' in bg)) return backgroundAssetDeclarations(bg, ctx);
  const stops = bg.stops.map(
    (s, i) => `${valueCss(s.color, ctx.names, at(where, 'stops', i, 'color'))} ${s.at}%`,
  );
  const gradient =
    bg.type === 'linear'
      ? `linear-gradient(${bg.angle ?? 180}deg, ${stops.join(', ')})`
      : `radial-gradient(${stops.join(', ')})`;
  return [`background-image:${gradient}`];
}

function typeStepDeclarations(value: string, ctx: DeclarationContext, where: StylePath): string[] {
  const step = typeStepOf(value, ctx.names, where);
  const property = {
    size: 'font-size',
    'line-height': 'line-height',
    weight: 'font-weight',
    'letter-spacing': 'letter-spacing',
  };
  return TYPE_PARTS.map((part) => `${property[part]}:var(${tokenProperty('type', step, part)})`);
}

function expand(prop: StyleProp, value: unknown, ctx: DeclarationContext, where: StylePath): string[] {
  switch (prop) {
    case 'typeStep':
      return typeStepDeclarations(value as string, ctx, where);
    case 'gridTemplateColumns':
      return [
        `grid-template-columns:${typeof value === 'number' ? `repeat(${value}, minmax(0, 1fr))` : value}`,
      ];
    case 'gridColumn':
      return [`grid-column:${value === 'full' ? '1 / -1' : `span ${value} / span ${value}`}`];
    case 'backgroundImage':
      return backgroundDeclarations(value as Background, ctx, where);
    default:
      return [];
  }
}

export function declarations(props: StyleProps, ctx: DeclarationContext, where: StylePath): string[] {
  const out: string[] = [];
  for (const prop of ORDER) {
    const value = props[prop];
    if (value === undefined) continue;
    const css = STYLE_PROPERTIES[prop];
    const here = at(where, prop);
    if (css === null) out.push(...expand(prop, value, ctx, here));
    else out.push(`${css}:${typeof value === 'string' ? valueCss(value, ctx.names, here) : String(value)}`);
  }
  return out;
}
