/** @jsxImportSource hono/jsx/dom */
import type { FieldDef } from '../../../core/space-format/field-defs.ts';
import {
  allowedBlockTypes,
  type BlockValue,
  blocksOf,
  blockVariant,
  controlOf,
  fieldLabel,
  fromDateInput,
  fromNumberInput,
  moveItem,
  newBlock,
  newRepeaterItem,
  type RepeaterItem,
  toDateInput,
  withBlockVariant,
} from '../../logic/form-model.ts';
import type { FieldContext } from './field-context.ts';
import { AssetPicker, assetOptions, DocumentPicker, docOptions, LinkInput, ManyPicker } from './pickers.tsx';
import { RichTextEditor } from './rich-text-editor.tsx';

/**
 * The form of a content or block type's fields (studio/logic/form-model.ts says which control each kind
 * gets). Repeaters and blocks hold forms of their own; their items move with Up / Down buttons.
 */

type OnChange = (name: string, value: unknown) => void;

export function FieldsForm(p: {
  defs: FieldDef[];
  values: Record<string, unknown>;
  onChange: OnChange;
  idPrefix: string;
  ctx: FieldContext;
}) {
  return (
    <div class="fields">
      {p.defs.map((def) => (
        <FieldInput
          key={def.name}
          def={def}
          value={p.values[def.name]}
          id={`${p.idPrefix}-${def.name}`}
          ctx={p.ctx}
          onChange={(v) => p.onChange(def.name, v)}
        />
      ))}
    </div>
  );
}

const text = (e: Event) => (e.target as HTMLInputElement).value;

/** The fields that are one text-like control: how a value shows in it and how its text is read back. */
const asText = (v: unknown) => (typeof v === 'string' ? v : '');
const SIMPLE: Record<
  string,
  { type?: string; rows?: number; show(v: unknown): string; read(s: string): unknown }
> = {
  string: { type: 'text', show: asText, read: (s) => s },
  user: { type: 'text', show: asText, read: (s) => s },
  text: { rows: 4, show: asText, read: (s) => s },
  number: {
    type: 'number',
    show: (v) => (v === null || v === undefined ? '' : String(v)),
    read: fromNumberInput,
  },
  date: { type: 'date', show: toDateInput, read: fromDateInput },
};

function FieldInput(p: {
  def: FieldDef;
  value: unknown;
  id: string;
  ctx: FieldContext;
  onChange: (v: unknown) => void;
}) {
  const { def, id, value } = p;
  const label = `${fieldLabel(def)}${def.required ? ' *' : ''}`;
  const control = controlOf(def);
  const labelled = (input: unknown) => (
    <div class={`field field-${control}`}>
      <label for={id}>{label}</label>
      {input}
    </div>
  );
  const simple = SIMPLE[control];
  if (simple) {
    const attrs = {
      id,
      value: simple.show(value),
      onInput: (e: Event) => p.onChange(simple.read(text(e))),
    };
    return labelled(
      simple.rows ? (
        <textarea {...attrs} rows={simple.rows} />
      ) : (
        <input {...attrs} type={simple.type} step={simple.type === 'number' ? 'any' : undefined} />
      ),
    );
  }
  switch (control) {
    case 'boolean':
      return (
        <div class="field field-boolean">
          <label class="check">
            <input
              id={id}
              type="checkbox"
              checked={value === true}
              onChange={(e: Event) => p.onChange((e.target as HTMLInputElement).checked)}
            />
            {label}
          </label>
        </div>
      );
    case 'select':
      return labelled(
        <select id={id} onChange={(e: Event) => p.onChange(text(e) || null)}>
          <option value="">— none —</option>
          {(def.options ?? []).map((o) => (
            <option key={o} value={o} selected={o === value}>
              {o}
            </option>
          ))}
        </select>,
      );
    case 'selectMany':
      return (
        <ManyPicker
          id={id}
          label={label}
          options={(def.options ?? []).map((o) => ({ value: o, label: o }))}
          value={value}
          onChange={p.onChange}
        />
      );
    case 'richText':
      return (
        <div class="field field-richText">
          <span class="label" id={`${id}-label`}>
            {label}
          </span>
          <RichTextEditor
            id={id}
            label={label}
            value={value}
            onChange={p.onChange}
            docs={p.ctx.docs}
            locale={p.ctx.locale}
          />
        </div>
      );
    case 'link':
      return labelled(<LinkInput id={id} ctx={p.ctx} value={value} onChange={p.onChange} />);
    case 'asset':
      return labelled(<AssetPicker id={id} ctx={p.ctx} value={value} onChange={p.onChange} />);
    case 'assets':
      return (
        <ManyPicker id={id} label={label} options={assetOptions(p.ctx)} value={value} onChange={p.onChange} />
      );
    case 'document':
      return labelled(<DocumentPicker id={id} ctx={p.ctx} value={value} onChange={p.onChange} />);
    case 'documents':
      return (
        <ManyPicker id={id} label={label} options={docOptions(p.ctx)} value={value} onChange={p.onChange} />
      );
    case 'repeater':
      return <RepeaterInput {...p} label={label} />;
    case 'blocks':
      return <BlocksInput {...p} label={label} />;
  }
}

/** Up, Down and Remove of one item of a repeater or blocks field. */
function ItemButtons(p: {
  what: string;
  index: number;
  count: number;
  move: (d: number) => void;
  remove: () => void;
}) {
  return (
    <div class="item-buttons">
      <button
        type="button"
        class="small"
        disabled={p.index === 0}
        onClick={() => p.move(-1)}
        aria-label={`Move ${p.what} up`}
      >
        Up
      </button>
      <button
        type="button"
        class="small"
        disabled={p.index === p.count - 1}
        onClick={() => p.move(1)}
        aria-label={`Move ${p.what} down`}
      >
        Down
      </button>
      <button type="button" class="small" onClick={p.remove} aria-label={`Remove ${p.what}`}>
        Remove
      </button>
    </div>
  );
}

function RepeaterInput(p: {
  def: FieldDef;
  value: unknown;
  id: string;
  ctx: FieldContext;
  label: string;
  onChange: (v: unknown) => void;
}) {
  const items = Array.isArray(p.value) ? (p.value as RepeaterItem[]) : [];
  const put = (next: RepeaterItem[]) => p.onChange(next);
  return (
    <fieldset class="field repeater" id={p.id}>
      <legend>{p.label}</legend>
      {items.map((item, i) => (
        <div class="item" key={item.itemId}>
          <ItemButtons
            what={`item ${i + 1}`}
            index={i}
            count={items.length}
            move={(d) => put(moveItem(items, i, d))}
            remove={() => put(items.filter((_, j) => j !== i))}
          />
          <FieldsForm
            defs={p.def.fields ?? []}
            values={item.fields ?? {}}
            idPrefix={`${p.id}-${i}`}
            ctx={p.ctx}
            onChange={(name, v) =>
              put(items.map((it, j) => (j === i ? { ...it, fields: { ...it.fields, [name]: v } } : it)))
            }
          />
        </div>
      ))}
      <button type="button" class="small" onClick={() => put([...items, newRepeaterItem()])}>
        Add item
      </button>
    </fieldset>
  );
}

function BlocksInput(p: {
  def: FieldDef;
  value: unknown;
  id: string;
  ctx: FieldContext;
  label: string;
  onChange: (v: unknown) => void;
}) {
  const value = blocksOf(p.value);
  const types = allowedBlockTypes(
    p.def,
    p.ctx.blockTypes.map((t) => t.name),
  );
  const put = (blocks: BlockValue[]) => p.onChange({ ...value, blocks });
  const list = value.blocks;
  return (
    <fieldset class="field blocks" id={p.id}>
      <legend>{p.label}</legend>
      {list.map((block, i) => {
        const type = p.ctx.blockTypes.find((t) => t.name === block.type);
        const variants = p.ctx.variants[block.type] ?? [];
        const replace = (b: BlockValue) => put(list.map((x, j) => (j === i ? b : x)));
        return (
          <div class="item block" key={block.blockId}>
            <p class="block-title">{type?.title ?? block.type}</p>
            <ItemButtons
              what={`block ${i + 1}`}
              index={i}
              count={list.length}
              move={(d) => put(moveItem(list, i, d))}
              remove={() => put(list.filter((_, j) => j !== i))}
            />
            {variants.length > 0 ? (
              <div class="row">
                <label for={`${p.id}-${i}-variant`}>Design</label>
                <select
                  id={`${p.id}-${i}-variant`}
                  onChange={(e: Event) => replace(withBlockVariant(block, text(e) || null))}
                >
                  <option value="">default</option>
                  {variants.map((v) => (
                    <option key={v} value={v} selected={blockVariant(block) === v}>
                      {v}
                    </option>
                  ))}
                </select>
              </div>
            ) : null}
            <FieldsForm
              defs={type?.fields ?? []}
              values={block.fields ?? {}}
              idPrefix={`${p.id}-${i}`}
              ctx={p.ctx}
              onChange={(name, v) => replace({ ...block, fields: { ...block.fields, [name]: v } })}
            />
          </div>
        );
      })}
      <div class="row">
        <label for={`${p.id}-add-type`}>New block</label>
        <select id={`${p.id}-add-type`}>
          {types.map((t) => (
            <option key={t} value={t}>
              {p.ctx.blockTypes.find((b) => b.name === t)?.title ?? t}
            </option>
          ))}
        </select>
        <button
          type="button"
          class="small"
          disabled={types.length === 0}
          onClick={() =>
            put([...list, newBlock((document.getElementById(`${p.id}-add-type`) as HTMLSelectElement).value)])
          }
        >
          Add block
        </button>
      </div>
    </fieldset>
  );
}
