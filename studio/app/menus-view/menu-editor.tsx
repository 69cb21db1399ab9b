/** @jsxImportSource hono/jsx/dom */
import { useEffect, useState } from 'hono/jsx/dom';
import {
  addItem,
  changedLocales,
  dropItem,
  fromStored,
  indentItem,
  type MenuItem,
  menuProblem,
  moveItem,
  outdentItem,
  removeItem,
  type StoredItem,
  toWrite,
  updateItem,
  withIds,
} from '../../logic/menu-tree.ts';
import { describeError, RpcError, rpc } from '../rpc.ts';
import type { ViewProps } from '../view-props.ts';
import type { DocOption } from './documents.ts';
import { type ItemAction, MenuItemRow } from './menu-item-row.tsx';

interface MenuSummary {
  name: string;
  machineName: string;
}
interface MenuRead {
  revision: number;
  items: StoredItem[];
}

let fresh = 0;
const newItem = (): MenuItem => ({
  key: `new-${++fresh}`,
  label: {},
  contentId: null,
  url: null,
  target: '_self',
  children: [],
});

/**
 * A menu's items as a tree, saved with one `menus.update` per locale whose labels changed (the procedure
 * writes one locale's labels per call); the revision of each answer is the next call's.
 */
export function MenuEditor(props: ViewProps & { documents: DocOption[] }) {
  const space = props.space.name;
  const locales = [
    props.space.defaultLocale,
    ...props.space.locales.filter((l) => l !== props.space.defaultLocale),
  ];
  const [menus, setMenus] = useState<MenuSummary[]>([]);
  const [key, setKey] = useState<string | null>(null);
  const [tree, setTree] = useState<MenuItem[]>([]);
  const [saved, setSaved] = useState<MenuItem[]>([]);
  const [revision, setRevision] = useState(0);
  const [status, setStatus] = useState('');
  const [problem, setProblem] = useState<{ key: string | null; message: string } | null>(null);

  const load = async (k: string) => {
    const menu = await rpc<MenuRead>('menus.get', { space, key: k });
    const t = fromStored(menu.items);
    setTree(t);
    setSaved(t);
    setRevision(menu.revision);
    setProblem(null);
  };
  useEffect(() => {
    rpc<{ items: MenuSummary[] }>('menus.list', { space })
      .then((body) => {
        setMenus(body.items);
        const first = body.items[0]?.machineName ?? null;
        setKey(first);
        if (first) return load(first);
      })
      .catch((err) => setProblem({ key: null, message: describeError(err) }));
  }, [space]);

  const edit = (next: MenuItem[]) => {
    setTree(next);
    setStatus('Unsaved changes.');
  };
  const act = (k: string, action: ItemAction) => {
    if (action === 'up') edit(moveItem(tree, k, -1));
    else if (action === 'down') edit(moveItem(tree, k, 1));
    else if (action === 'indent') edit(indentItem(tree, k));
    else if (action === 'outdent') edit(outdentItem(tree, k));
    else if (action === 'remove') edit(removeItem(tree, k));
    else edit(addItem(tree, newItem(), k));
  };

  const save = async () => {
    if (!key) return;
    const found = menuProblem(tree, locales, props.space.defaultLocale);
    if (found) {
      setProblem(found);
      return;
    }
    setProblem(null);
    setStatus('Saving…');
    let current = tree;
    let rev = revision;
    try {
      for (const locale of changedLocales(saved, tree, locales)) {
        const body = await rpc<MenuRead>('menus.update', {
          space,
          key,
          locale,
          revision: rev,
          items: toWrite(current, locale),
        });
        current = withIds(current, body.items);
        rev = body.revision;
      }
      // Keys stay the view's; the stored ids are what the next save names.
      setTree(current);
      setSaved(current);
      setRevision(rev);
      setStatus('Menu saved.');
    } catch (err) {
      setStatus('');
      const conflict = err instanceof RpcError && err.key === 'menu.conflict';
      setProblem({
        key: null,
        message: conflict
          ? 'Someone else saved this menu meanwhile. Reload it to see their change (yours is not saved).'
          : describeError(err),
      });
    }
  };

  return (
    <section class="menu-editor" aria-labelledby="menus-title">
      <div class="view-head">
        <h1 id="menus-title">Menus</h1>
        <label for="pick-menu">Menu</label>
        <select
          id="pick-menu"
          onChange={(e: Event) => {
            const k = (e.target as HTMLSelectElement).value;
            setKey(k);
            void load(k);
          }}
        >
          {menus.map((m) => (
            <option key={m.machineName} value={m.machineName} selected={m.machineName === key}>
              {m.name}
            </option>
          ))}
        </select>
        <button type="button" onClick={() => edit(addItem(tree, newItem()))}>
          Add item
        </button>
        <button type="button" class="primary" onClick={() => void save()}>
          Save menu
        </button>
        {key && (
          <button type="button" onClick={() => void load(key).then(() => setStatus(''))}>
            Reload
          </button>
        )}
      </div>
      <p class="hint">
        Drag an item by its handle (⠿): onto the top or bottom edge of another to place it before or after,
        onto its middle to nest it. The arrow buttons do the same from the keyboard.
      </p>
      {problem && (
        <p class="error" role="alert">
          {problem.message}
        </p>
      )}
      <p class="status" role="status">
        {status}
      </p>
      {tree.length === 0 ? (
        <p class="hint">This menu has no items yet.</p>
      ) : (
        <ul class="menu-tree" aria-label="Items">
          {tree.map((item) => (
            <MenuItemRow
              key={item.key}
              item={item}
              locales={locales}
              documents={props.documents}
              problemKey={problem?.key ?? null}
              onPatch={(k, patch) => edit(updateItem(tree, k, patch))}
              onAction={act}
              onDrop={(k, target, where) => edit(dropItem(tree, k, target, where))}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
