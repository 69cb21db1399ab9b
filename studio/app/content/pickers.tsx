/** @jsxImportSource hono/jsx/dom */
import { titleOf } from '../../logic/doc-tree.ts';
import type { FieldContext } from './field-context.ts';

/**
 * Choosers of what a field points at: documents (content, link), assets (image, file). A native `<select>`
 * (one) or checkboxes (many): keyboard and screen readers get them for free.
 */

const docLabel = (ctx: FieldContext, id: string) => {
  const d = ctx.docs.find((x) => x.id === id);
  return d ? `${titleOf(d, ctx.locale)} (${d.type})` : id;
};

/** One of a list (a document, an asset) or none, as a native select. */
function OnePicker(p: {
  id: string;
  options: Array<{ value: string; label: string }>;
  value: unknown;
  onChange: (v: string | null) => void;
}) {
  return (
    <select id={p.id} onChange={(e: Event) => p.onChange((e.target as HTMLSelectElement).value || null)}>
      <option value="">— none —</option>
      {p.options.map((o) => (
        <option key={o.value} value={o.value} selected={o.value === p.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

type PickerProps = { id: string; ctx: FieldContext; value: unknown; onChange: (v: string | null) => void };
export const DocumentPicker = (p: PickerProps) => <OnePicker {...p} options={docOptions(p.ctx)} />;
export const AssetPicker = (p: PickerProps) => <OnePicker {...p} options={assetOptions(p.ctx)} />;

/** Many of a list (documents, assets, select options) as checkboxes, in the list's order. */
export function ManyPicker(p: {
  id: string;
  label: string;
  options: Array<{ value: string; label: string }>;
  value: unknown;
  onChange: (v: string[]) => void;
}) {
  const chosen = Array.isArray(p.value) ? (p.value as string[]) : [];
  return (
    <fieldset class="many" id={p.id}>
      <legend>{p.label}</legend>
      {p.options.length === 0 ? <p class="hint">Nothing to choose yet.</p> : null}
      {p.options.map((o, i) => (
        <label key={o.value} class="check">
          <input
            type="checkbox"
            id={`${p.id}-${i}`}
            checked={chosen.includes(o.value)}
            onChange={(e: Event) =>
              p.onChange(
                (e.target as HTMLInputElement).checked
                  ? [...chosen, o.value]
                  : chosen.filter((v) => v !== o.value),
              )
            }
          />
          {o.label}
        </label>
      ))}
    </fieldset>
  );
}

/** How the conflict view names what a field points at. */
export const conflictNames = (ctx: FieldContext) => ({
  document: (id: string) => docLabel(ctx, id),
  asset: (id: string) => ctx.assets.find((a) => a.id === id)?.filename ?? id,
});

export const docOptions = (ctx: FieldContext) =>
  ctx.docs.map((d) => ({ value: d.id, label: docLabel(ctx, d.id) }));
export const assetOptions = (ctx: FieldContext) =>
  ctx.assets.map((a) => ({ value: a.id, label: a.alt ? `${a.filename} — ${a.alt}` : a.filename }));

/** A link field: an address or a document, a label, and whether it opens a new tab. */
export function LinkInput(p: {
  id: string;
  ctx: FieldContext;
  value: unknown;
  onChange: (v: unknown) => void;
}) {
  const v = (p.value ?? {}) as { url?: string; contentId?: string; label?: string; target?: string };
  const toDoc = v.contentId !== undefined;
  const set = (patch: Record<string, unknown>) => p.onChange({ ...v, ...patch });
  return (
    <fieldset class="link-input" id={p.id}>
      <legend class="visually-hidden">Link</legend>
      <div class="row">
        <label for={`${p.id}-kind`}>To</label>
        <select
          id={`${p.id}-kind`}
          onChange={(e: Event) => {
            const { url: _, contentId: __, ...rest } = v;
            p.onChange(
              (e.target as HTMLSelectElement).value === 'doc'
                ? { ...rest, contentId: '' }
                : { ...rest, url: '' },
            );
          }}
        >
          <option value="url" selected={!toDoc}>
            an address
          </option>
          <option value="doc" selected={toDoc}>
            a document
          </option>
        </select>
      </div>
      <div class="row">
        <label for={`${p.id}-target`}>{toDoc ? 'Document' : 'Address'}</label>
        {toDoc ? (
          <DocumentPicker
            id={`${p.id}-target`}
            ctx={p.ctx}
            value={v.contentId}
            onChange={(id) => set({ contentId: id ?? '' })}
          />
        ) : (
          <input
            id={`${p.id}-target`}
            type="text"
            value={v.url ?? ''}
            onInput={(e: Event) => set({ url: (e.target as HTMLInputElement).value })}
          />
        )}
      </div>
      <div class="row">
        <label for={`${p.id}-label`}>Label</label>
        <input
          id={`${p.id}-label`}
          type="text"
          value={v.label ?? ''}
          onInput={(e: Event) => set({ label: (e.target as HTMLInputElement).value })}
        />
      </div>
      <label class="check">
        <input
          type="checkbox"
          checked={v.target === '_blank'}
          onChange={(e: Event) =>
            set({ target: (e.target as HTMLInputElement).checked ? '_blank' : '_self' })
          }
        />
        Opens in a new tab
      </label>
    </fieldset>
  );
}
