/** @jsxImportSource hono/jsx/dom */
import { useEffect, useState } from 'hono/jsx/dom';
import { REDIRECT_STATUSES, type RedirectDraft, redirectProblem } from '../../logic/redirect-check.ts';
import { describeError, RpcError, rpc } from '../rpc.ts';
import type { ViewProps } from '../view-props.ts';
import type { DocOption } from './documents.ts';

interface Redirect {
  id: string;
  locale: string;
  fromPath: string;
  toPath: string | null;
  status: number;
  contentId: string | null;
}

type Field = 'fromPath' | 'toPath' | 'status';

/**
 * The space's redirects as a table, a row to add one (checked here, then by `redirects.create`: a problem is
 * shown beside its field either way) and delete per row.
 */
export function RedirectsTable(props: ViewProps & { documents: DocOption[] }) {
  const space = props.space.name;
  const blank = (): RedirectDraft => ({
    locale: props.locale,
    fromPath: '',
    toPath: '',
    contentId: null,
    status: 301,
  });
  const [rows, setRows] = useState<Redirect[]>([]);
  const [draft, setDraft] = useState<RedirectDraft>(blank());
  const [problem, setProblem] = useState<{ path: Field | null; message: string } | null>(null);
  const [status, setStatus] = useState('');

  const load = () =>
    rpc<{ items: Redirect[] }>('redirects.list', { space })
      .then((b) => setRows(b.items))
      .catch((err) => setProblem({ path: null, message: describeError(err) }));
  useEffect(() => {
    void load();
  }, [space]);

  const title = (id: string | null) => props.documents.find((d) => d.id === id)?.title ?? id;
  const add = async () => {
    const found = redirectProblem(draft, rows);
    if (found) {
      setProblem(found);
      return;
    }
    try {
      await rpc('redirects.create', {
        space,
        locale: draft.locale,
        fromPath: draft.fromPath.trim(),
        status: draft.status,
        ...(draft.contentId ? { contentId: draft.contentId } : { toPath: draft.toPath.trim() }),
      });
      setProblem(null);
      setDraft(blank());
      setStatus(`Redirect from ${draft.fromPath.trim()} added.`);
      await load();
    } catch (err) {
      const path = err instanceof RpcError ? err.path : null;
      setProblem({
        path: path === 'fromPath' || path === 'toPath' || path === 'status' ? path : null,
        message: describeError(err),
      });
    }
  };
  const remove = async (r: Redirect) => {
    try {
      await rpc('redirects.delete', { space, id: r.id });
      setStatus(`Redirect from ${r.fromPath} deleted.`);
      await load();
    } catch (err) {
      setProblem({ path: null, message: describeError(err) });
    }
  };
  const invalid = (f: Field) =>
    problem?.path === f ? { 'aria-invalid': 'true', 'aria-describedby': 'redirect-problem' } : {};
  const set = (change: Partial<RedirectDraft>) => setDraft({ ...draft, ...change });
  const value = (e: Event) => (e.target as HTMLInputElement).value;

  return (
    <section class="redirects" aria-labelledby="redirects-title">
      <h1 id="redirects-title">Redirects</h1>
      <table>
        <caption class="visually-hidden">Redirects of {props.space.title}</caption>
        <thead>
          <tr>
            <th scope="col">From</th>
            <th scope="col">To</th>
            <th scope="col">Status</th>
            <th scope="col">Locale</th>
            <th scope="col">
              <span class="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}>
              <td>
                <code>{r.fromPath}</code>
              </td>
              <td>{r.contentId ? `document “${title(r.contentId)}”` : <code>{r.toPath}</code>}</td>
              <td>{r.status}</td>
              <td>{r.locale}</td>
              <td>
                <button
                  type="button"
                  class="danger"
                  aria-label={`Delete the redirect from ${r.fromPath}`}
                  onClick={() => void remove(r)}
                >
                  Delete
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <form
        class="redirect-form"
        onSubmit={(e: Event) => {
          e.preventDefault();
          void add();
        }}
      >
        <h2>Add a redirect</h2>
        <label>
          <span>From</span>
          <input
            type="text"
            id="redirect-from"
            placeholder="/old-address"
            value={draft.fromPath}
            {...invalid('fromPath')}
            onInput={(e: Event) => set({ fromPath: value(e) })}
          />
        </label>
        <label>
          <span>To a document</span>
          <select id="redirect-document" onChange={(e: Event) => set({ contentId: value(e) || null })}>
            <option value="" selected={draft.contentId === null}>
              (an address instead)
            </option>
            {props.documents.map((d) => (
              <option key={d.id} value={d.id} selected={d.id === draft.contentId}>
                {'— '.repeat(d.depth)}
                {d.title}
              </option>
            ))}
          </select>
        </label>
        {draft.contentId === null && (
          <label>
            <span>To the address</span>
            <input
              type="text"
              id="redirect-to"
              placeholder="/new-address or https://…"
              value={draft.toPath}
              {...invalid('toPath')}
              onInput={(e: Event) => set({ toPath: value(e) })}
            />
          </label>
        )}
        <label>
          <span>Status</span>
          <select
            id="redirect-status"
            {...invalid('status')}
            onChange={(e: Event) => set({ status: Number(value(e)) })}
          >
            {REDIRECT_STATUSES.map((s) => (
              <option key={s} value={String(s)} selected={s === draft.status}>
                {s} {s === 301 || s === 308 ? '(permanent)' : '(temporary)'}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>Locale</span>
          <select id="redirect-locale" onChange={(e: Event) => set({ locale: value(e) })}>
            {props.space.locales.map((l) => (
              <option key={l} value={l} selected={l === draft.locale}>
                {l}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" class="primary">
          Add redirect
        </button>
      </form>
      {problem && (
        <p class="error" role="alert" id="redirect-problem">
          {problem.message}
        </p>
      )}
      <p class="status" role="status">
        {status}
      </p>
    </section>
  );
}
