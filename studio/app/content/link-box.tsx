/** @jsxImportSource hono/jsx/dom */
import { useState } from 'hono/jsx/dom';
import { type ListedDoc, titleOf, treeRows } from '../../logic/doc-tree.ts';

/**
 * The rich-text editor's link box: an address, or a document of the space found by typing part of its title
 * or address. A document link is stored as the space format stores it (`attrs.contentId`); the site draws
 * it as the document's address in the page's language. The list is a native listbox (`<select size>`):
 * ↓ from the search field goes to it, Enter there applies.
 */

export type LinkTarget = { href: string } | { contentId: string } | null;

const MAX_SHOWN = 50;

export function LinkBox(p: {
  id: string;
  docs: ListedDoc[];
  locale: string;
  current: { href?: string | null; contentId?: string | null };
  onApply: (target: LinkTarget) => void;
}) {
  const [kind, setKind] = useState<'url' | 'doc'>(p.current.contentId ? 'doc' : 'url');
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<string | null>(p.current.contentId ?? null);
  const q = query.trim().toLowerCase();
  const matches = treeRows(p.docs, p.locale)
    .filter(({ doc }) => {
      if (!q) return true;
      const v = doc.locales[p.locale] ?? Object.values(doc.locales)[0];
      return !!v && (v.title.toLowerCase().includes(q) || v.slug.toLowerCase().includes(q));
    })
    .slice(0, MAX_SHOWN);
  const pick = chosen ?? (q && matches.length > 0 ? matches[0]!.doc.id : null);
  const apply = (form: HTMLFormElement) => {
    if (kind === 'doc') {
      if (pick) p.onApply({ contentId: pick });
      return;
    }
    const href = (form.elements.namedItem('href') as HTMLInputElement).value.trim();
    p.onApply(href ? { href } : null);
  };
  const hasLink = !!(p.current.href || p.current.contentId);
  return (
    <form
      class="link-form"
      onSubmit={(ev: Event) => {
        ev.preventDefault();
        apply(ev.target as HTMLFormElement);
      }}
    >
      <fieldset class="link-kind">
        <legend>Link to</legend>
        <label class="check">
          <input type="radio" name="kind" checked={kind === 'url'} onChange={() => setKind('url')} />
          an address
        </label>
        <label class="check">
          <input
            type="radio"
            name="kind"
            id={`${p.id}-to-doc`}
            checked={kind === 'doc'}
            onChange={() => setKind('doc')}
          />
          a document
        </label>
      </fieldset>
      {kind === 'url' ? (
        <div class="row">
          <label for={`${p.id}-href`}>Address</label>
          <input
            id={`${p.id}-href`}
            name="href"
            type="text"
            placeholder="https://… or /path (empty: remove the link)"
            value={p.current.href ?? ''}
          />
        </div>
      ) : (
        <div class="doc-link">
          <label for={`${p.id}-doc-search`}>Find a document</label>
          <input
            id={`${p.id}-doc-search`}
            type="search"
            value={query}
            aria-controls={`${p.id}-doc`}
            onInput={(e: Event) => {
              setQuery((e.target as HTMLInputElement).value);
              setChosen(null);
            }}
            onKeyDown={(e: KeyboardEvent) => {
              if (e.key !== 'ArrowDown') return;
              e.preventDefault();
              document.getElementById(`${p.id}-doc`)?.focus();
            }}
          />
          <label for={`${p.id}-doc`}>
            Document ({matches.length === 0 ? 'none matches' : `${matches.length} shown`})
          </label>
          <select
            id={`${p.id}-doc`}
            size={6}
            onChange={(e: Event) => setChosen((e.target as HTMLSelectElement).value || null)}
            onKeyDown={(e: KeyboardEvent) => {
              if (e.key !== 'Enter') return;
              e.preventDefault();
              const id = (e.target as HTMLSelectElement).value;
              if (id) p.onApply({ contentId: id });
            }}
          >
            {matches.map(({ doc, depth }) => (
              <option key={doc.id} value={doc.id} selected={doc.id === pick}>
                {`${'\u2003'.repeat(Math.min(depth, 4))}${titleOf(doc, p.locale)} (${doc.type})`}
              </option>
            ))}
          </select>
        </div>
      )}
      <div class="row-buttons">
        <button type="submit" class="small" disabled={kind === 'doc' && !pick}>
          Apply link
        </button>
        {hasLink ? (
          <button type="button" class="small" onClick={() => p.onApply(null)}>
            Remove link
          </button>
        ) : null}
      </div>
    </form>
  );
}
