/** @jsxImportSource hono/jsx/dom */
import { type DesignNode, META_FIELDS } from '../../../core/designs/index.ts';
import { type PropField, propFields } from '../../logic/component-form.ts';
import type { CatalogEntry } from './components.ts';

/**
 * The props of a code component node: a form built from its JSON Schema (studio/logic/component-form.ts),
 * and for string, number, image and rich-text props a binding to a field of the document, as built-in
 * nodes bind (core/designs/bindings.ts). A bound prop takes the field's value on the page; its own value
 * is then only kept, not shown. Saving checks the props against the component's schema
 * (`designs.saveDraft`), whose refusal the design view shows in words.
 */

type ComponentNode = Extract<DesignNode, { el: 'component' }>;

export interface ComponentPropsProps {
  node: ComponentNode;
  entry: CatalogEntry | undefined;
  locale: string;
  /** The fields a binding may name (of the content or block type). */
  fields: string[];
  /** The assets of the previewed document, to pick an image prop from. */
  assets: Array<{ id: string; filename?: string; alt?: string }>;
  onChange: (node: DesignNode, group: string) => void;
}

export function ComponentProps(p: ComponentPropsProps) {
  const { node, entry } = p;
  if (!entry)
    return (
      <p class="hint" role="alert">
        This project has no component “{node.component}”: the site leaves the node out.
      </p>
    );
  const props = node.props ?? {};
  const bindings = node.bindings ?? {};
  const setProp = (name: string, value: unknown) => {
    const next = { ...props };
    if (value === undefined) delete next[name];
    else next[name] = value;
    p.onChange({ ...node, props: next }, `prop:${node.id}:${name}`);
  };
  const setBinding = (name: string, field: string) => {
    const next = { ...bindings };
    if (field) next[name] = { field };
    else delete next[name];
    const out: ComponentNode = { ...node, bindings: next };
    if (Object.keys(next).length === 0) delete out.bindings;
    p.onChange(out, `bind:${node.id}:${name}`);
  };
  const fields = propFields(entry.props, entry.bindable);
  return (
    <fieldset class="component-props">
      <legend>{entry.label}</legend>
      {fields.map((f) => {
        const boundTo = bindings[f.name]?.field ?? '';
        return (
          <div key={f.name}>
            <div class="row">
              <label for={`cprop-${f.name}`}>{f.label}</label>
              {control(f, props[f.name], boundTo, p.locale, p.assets, (v) => setProp(f.name, v))}
            </div>
            {f.bindable ? (
              <div class="row">
                <label for={`cbind-${f.name}`}>{f.label}: bound to</label>
                <select
                  id={`cbind-${f.name}`}
                  onChange={(e: Event) => setBinding(f.name, (e.target as HTMLSelectElement).value)}
                >
                  <option value="">static (not bound)</option>
                  {[...p.fields, ...META_FIELDS].map((name) => (
                    <option key={name} value={name} selected={boundTo === name}>
                      {name}
                    </option>
                  ))}
                </select>
              </div>
            ) : null}
          </div>
        );
      })}
    </fieldset>
  );
}

/** The input for one prop; empty clears the prop (its default applies). A bound prop's input is off. */
function control(
  f: PropField,
  value: unknown,
  boundTo: string,
  locale: string,
  assets: ComponentPropsProps['assets'],
  set: (v: unknown) => void,
) {
  const id = `cprop-${f.name}`;
  const text = (e: Event) => (e.target as HTMLInputElement).value;
  const bound = boundTo !== '';
  const placeholder = bound ? `from ${boundTo}` : f.default === undefined ? undefined : String(f.default);
  switch (f.kind) {
    case 'number':
      return (
        <input
          id={id}
          type="number"
          disabled={bound}
          value={typeof value === 'number' && !bound ? String(value) : ''}
          placeholder={placeholder}
          min={f.min ?? undefined}
          max={f.max ?? undefined}
          step={f.integer ? '1' : 'any'}
          onInput={(e: Event) => set(text(e) === '' ? undefined : Number(text(e)))}
        />
      );
    case 'boolean':
      return (
        <input
          id={id}
          type="checkbox"
          checked={value === undefined ? f.default === true : value === true}
          onChange={(e: Event) => set((e.target as HTMLInputElement).checked)}
        />
      );
    case 'enum':
      return (
        <select id={id} onChange={(e: Event) => set(f.values.find((v) => String(v) === text(e)))}>
          {f.required && f.default !== undefined ? null : <option value="">—</option>}
          {f.values.map((v) => (
            <option key={String(v)} value={String(v)} selected={(value ?? f.default) === v}>
              {String(v)}
            </option>
          ))}
        </select>
      );
    case 'text': {
      // One text per locale when the prop holds a map; a plain string stays plain.
      const map = value && typeof value === 'object' ? (value as Record<string, string>) : null;
      return (
        <input
          id={id}
          type="text"
          value={map ? (map[locale] ?? '') : typeof value === 'string' ? value : ''}
          onInput={(e: Event) =>
            set(map ? { ...map, [locale]: text(e) } : text(e) === '' ? undefined : text(e))
          }
        />
      );
    }
    case 'image':
      return (
        <select id={id} disabled={bound} onChange={(e: Event) => set(text(e) || undefined)}>
          <option value="">none</option>
          {assets.map((a) => (
            <option key={a.id} value={a.id} selected={value === a.id}>
              {a.filename ?? a.alt ?? a.id}
            </option>
          ))}
        </select>
      );
    case 'richtext':
      return (
        <output id={id} class="hint">
          {bound ? 'from the bound field' : 'bind it to a rich-text field'}
        </output>
      );
    case 'json':
      return (
        <textarea
          id={id}
          rows={3}
          onChange={(e: Event) => {
            const raw = (e.target as HTMLTextAreaElement).value.trim();
            if (raw === '') return set(undefined);
            try {
              set(JSON.parse(raw));
            } catch {
              // Not JSON yet: nothing changes until it is.
            }
          }}
        >
          {value === undefined ? '' : JSON.stringify(value)}
        </textarea>
      );
    default:
      return (
        <input
          id={id}
          type="text"
          disabled={bound}
          value={typeof value === 'string' && !bound ? value : ''}
          placeholder={placeholder}
          maxLength={f.maxLength ?? undefined}
          onInput={(e: Event) => set(text(e) === '' ? undefined : text(e))}
        />
      );
  }
}
