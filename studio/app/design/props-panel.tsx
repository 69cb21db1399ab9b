/** @jsxImportSource hono/jsx/dom */
import {
  type DesignNode,
  META_FIELDS,
  STYLE_STATES,
  type Theme,
  VIEWPORTS,
} from '../../../core/designs/index.ts';
import { ComponentProps } from './component-props.tsx';
import type { CatalogEntry } from './components.ts';

/**
 * The selected node's panel: its props (text in the preview's locale, heading level, tags, links,
 * menus), its binding (a field of the content or block type, or document meta), and its styles for
 * the current viewport or state, every token-valued property a picker of the theme's tokens.
 */

export interface PropsPanelProps {
  node: DesignNode;
  theme: Theme;
  locale: string;
  /** The fields a binding may name (content type or block type), and the space's menus. */
  fields: string[];
  menus: string[];
  /** The project's code components, and the previewed document's assets (image props). */
  components: CatalogEntry[];
  assets: Array<{ id: string; filename?: string; alt?: string }>;
  state: (typeof STYLE_STATES)[number];
  onState: (s: (typeof STYLE_STATES)[number]) => void;
  onChange: (node: DesignNode, group: string) => void;
}

const TOKEN_PROPS: Array<{
  prop: string;
  group: 'color' | 'space' | 'font' | 'type' | 'radius' | 'shadow';
  label: string;
}> = [
  { prop: 'color', group: 'color', label: 'Text colour' },
  { prop: 'backgroundColor', group: 'color', label: 'Background' },
  { prop: 'borderColor', group: 'color', label: 'Border colour' },
  { prop: 'fontFamily', group: 'font', label: 'Font' },
  { prop: 'typeStep', group: 'type', label: 'Type step' },
  { prop: 'paddingX', group: 'space', label: 'Padding X' },
  { prop: 'paddingY', group: 'space', label: 'Padding Y' },
  { prop: 'marginY', group: 'space', label: 'Margin Y' },
  { prop: 'gap', group: 'space', label: 'Gap' },
  { prop: 'borderRadius', group: 'radius', label: 'Radius' },
  { prop: 'boxShadow', group: 'shadow', label: 'Shadow' },
];

const ENUM_PROPS: Array<{ prop: string; label: string; values: string[] }> = [
  { prop: 'textAlign', label: 'Align text', values: ['left', 'center', 'right', 'justify'] },
  { prop: 'display', label: 'Display', values: ['block', 'flex', 'grid', 'none'] },
  { prop: 'flexDirection', label: 'Direction', values: ['row', 'column'] },
  { prop: 'alignItems', label: 'Align items', values: ['start', 'center', 'end', 'stretch'] },
  { prop: 'justifyContent', label: 'Justify', values: ['start', 'center', 'end', 'space-between'] },
];

function tokensOf(theme: Theme, group: string): string[] {
  switch (group) {
    case 'color':
      return Object.keys(theme.colors).map((n) => `color:${n}`);
    case 'font':
      return ['font:body', 'font:heading', 'font:mono'];
    case 'type':
      return Object.keys(theme.typeSteps).map((n) => `type:${n}`);
    case 'space':
      return Object.keys(theme.space).map((n) => `space:${n}`);
    case 'radius':
      return Object.keys(theme.radius).map((n) => `radius:${n}`);
    case 'shadow':
      return ['none', ...Object.keys(theme.shadow).map((n) => `shadow:${n}`)];
    default:
      return [];
  }
}

const TEXT_PROPS = ['text', 'href', 'alt', 'label', 'placeholder', 'successMessage', 'home'];

export function PropsPanel(p: PropsPanelProps) {
  const node = p.node as unknown as {
    id: string;
    el: DesignNode['el'];
    props?: Record<string, unknown>;
    bind?: { field: string };
    style?: Record<string, Record<string, unknown>>;
    visibility?: { breakpoints?: Array<(typeof VIEWPORTS)[number]>; whenField?: string };
  };
  const props = node.props ?? {};
  const setProp = (name: string, value: unknown) => {
    const next = { ...props };
    if (value === undefined || value === '') delete next[name];
    else next[name] = value;
    p.onChange({ ...node, props: next } as unknown as DesignNode, `prop:${node.id}:${name}`);
  };
  const textOf = (v: unknown) =>
    typeof v === 'string'
      ? v
      : v && typeof v === 'object'
        ? ((v as Record<string, string>)[p.locale] ?? '')
        : '';
  const setText = (name: string, raw: string) => {
    const old = props[name];
    // A per-locale map keeps its other locales; a plain string stays plain.
    if (old && typeof old === 'object')
      setProp(name, { ...(old as Record<string, string>), [p.locale]: raw });
    else setProp(name, raw);
  };
  const style = node.style ?? {};
  const stateStyle = style[p.state] ?? {};
  const setStyle = (prop: string, value: string) => {
    const nextState = { ...stateStyle };
    if (value === '') delete nextState[prop];
    else nextState[prop] = value;
    const nextStyle = { ...style, [p.state]: nextState };
    if (Object.keys(nextState).length === 0) delete nextStyle[p.state];
    const next = { ...node } as Record<string, unknown>;
    if (Object.keys(nextStyle).length === 0) delete next.style;
    else next.style = nextStyle;
    p.onChange(next as unknown as DesignNode, `style:${node.id}:${p.state}:${prop}`);
  };
  const component = node.el === 'component' ? (p.node as Extract<DesignNode, { el: 'component' }>) : null;
  const entry = component ? p.components.find((c) => c.name === component.component) : undefined;
  const bindable =
    !component &&
    ('bind' in node ||
      ['text', 'heading', 'richtext', 'image', 'video', 'link', 'button', 'embed'].includes(node.el));
  return (
    <section class="props-panel" aria-labelledby="props-title">
      <h2 id="props-title">
        {entry?.label ?? node.el} <span class="node-id">#{node.id}</span>
      </h2>
      {component ? (
        <ComponentProps
          node={component}
          entry={entry}
          locale={p.locale}
          fields={p.fields}
          assets={p.assets}
          onChange={p.onChange}
        />
      ) : null}
      {TEXT_PROPS.filter(
        (name) =>
          (!component && name in props) ||
          (name === 'text' && ['text', 'heading', 'link', 'button'].includes(node.el)),
      ).map((name) => (
        <div class="row" key={name}>
          <label for={`prop-${name}`}>{name}</label>
          <input
            id={`prop-${name}`}
            type="text"
            value={textOf(props[name])}
            onInput={(e: Event) => setText(name, (e.target as HTMLInputElement).value)}
          />
        </div>
      ))}
      {node.el === 'heading' ? (
        <div class="row">
          <label for="prop-level">Level</label>
          <select
            id="prop-level"
            onChange={(e: Event) => setProp('level', Number((e.target as HTMLSelectElement).value))}
          >
            {[1, 2, 3, 4, 5, 6].map((l) => (
              <option key={l} value={String(l)} selected={props.level === l}>
                h{l}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {node.el === 'menu' ? (
        <div class="row">
          <label for="prop-menu">Menu</label>
          <select
            id="prop-menu"
            onChange={(e: Event) => setProp('menu', (e.target as HTMLSelectElement).value)}
          >
            {p.menus.map((m) => (
              <option key={m} value={m} selected={props.menu === m}>
                {m}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {bindable ? (
        <div class="row">
          <label for="prop-bind">Bound to</label>
          <select
            id="prop-bind"
            onChange={(e: Event) => {
              const field = (e.target as HTMLSelectElement).value;
              const next = { ...node } as Record<string, unknown>;
              if (field) next.bind = { field };
              else delete next.bind;
              p.onChange(next as unknown as DesignNode, `bind:${node.id}`);
            }}
          >
            <option value="">static (not bound)</option>
            {[...p.fields, ...META_FIELDS].map((f) => (
              <option key={f} value={f} selected={node.bind?.field === f}>
                {f}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <fieldset class="shown-on">
        <legend>Shown on</legend>
        {VIEWPORTS.map((v) => {
          const shown = node.visibility?.breakpoints ?? VIEWPORTS;
          return (
            <label key={v}>
              <input
                type="checkbox"
                checked={shown.includes(v)}
                onChange={(e: Event) => {
                  const on = (e.target as HTMLInputElement).checked;
                  const next = VIEWPORTS.filter((x) => (x === v ? on : shown.includes(x)));
                  if (next.length === 0) return;
                  const { breakpoints: _old, ...rest } = node.visibility ?? {};
                  const visibility = next.length === VIEWPORTS.length ? rest : { ...rest, breakpoints: next };
                  const out = { ...node } as Record<string, unknown>;
                  if (Object.keys(visibility).length === 0) delete out.visibility;
                  else out.visibility = visibility;
                  p.onChange(out as unknown as DesignNode, `visibility:${node.id}:${v}`);
                }}
              />{' '}
              {v}
            </label>
          );
        })}
      </fieldset>
      <h3>Style</h3>
      <div class="row">
        <label for="style-state">Applies to</label>
        <select
          id="style-state"
          onChange={(e: Event) =>
            p.onState((e.target as HTMLSelectElement).value as (typeof STYLE_STATES)[number])
          }
        >
          {STYLE_STATES.map((s) => (
            <option key={s} value={s} selected={s === p.state}>
              {s === 'base' ? 'desktop (all widths)' : s}
            </option>
          ))}
        </select>
      </div>
      {[
        // Token props choose among the theme's tokens of their group; enum props among fixed values.
        ...TOKEN_PROPS.map(({ prop, group, label }) => ({ prop, label, values: tokensOf(p.theme, group) })),
        ...ENUM_PROPS,
      ].map(({ prop, label, values }) => (
        <div class="row" key={prop}>
          <label for={`style-${prop}`}>{label}</label>
          <select
            id={`style-${prop}`}
            onChange={(e: Event) => setStyle(prop, (e.target as HTMLSelectElement).value)}
          >
            <option value="">—</option>
            {values.map((v) => (
              <option key={v} value={v} selected={stateStyle[prop] === v}>
                {v}
              </option>
            ))}
          </select>
        </div>
      ))}
    </section>
  );
}
