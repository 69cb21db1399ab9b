/** @jsxImportSource hono/jsx/dom */
import type { Child } from 'hono/jsx';
import { useEffect, useState } from 'hono/jsx/dom';
import type { StudioBoot } from '../boot.ts';
import type { ViewProps } from '../view-props.ts';
import { VIEWS, type ViewEntry } from './view-list.ts';

/**
 * The studio's frame: the space and locale every view works in, the view tabs (the address's `#view`
 * keeps the choice over a reload), and the sign-out. The view itself is loaded on first use.
 */

const viewFromHash = (views: ViewEntry[]) =>
  views.find((v) => `#${v.id}` === location.hash)?.id ?? views[0]?.id ?? 'design';

export function Shell({ boot }: { boot: StudioBoot }) {
  const can = (permission: string) => boot.permissions === null || boot.permissions.includes(permission);
  const views = VIEWS.filter((v) => !v.permission || can(v.permission));
  const [spaceName, setSpaceName] = useState(boot.spaces[0]?.name ?? '');
  const space = boot.spaces.find((s) => s.name === spaceName) ?? boot.spaces[0];
  const [locale, setLocale] = useState(space?.defaultLocale ?? 'en');
  const [view, setView] = useState(viewFromHash(views));
  const [loaded, setLoaded] = useState<Record<string, (p: ViewProps) => Child>>({});
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    const entry = views.find((v) => v.id === view);
    if (!entry || loaded[view]) return;
    entry.load().then(
      (m) => setLoaded((l) => ({ ...l, [view]: m.default })),
      (err: unknown) => setFailed(`The ${entry.label} view did not load: ${String(err)}`),
    );
  }, [view]);
  useEffect(() => {
    const onHash = () => setView(viewFromHash(views));
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  const pick = (id: string) => {
    setView(id);
    history.replaceState(null, '', `#${id}`);
  };
  // Arrow keys move between the views too (each button is also reached by Tab).
  const onTabKey = (e: KeyboardEvent) => {
    const at = views.findIndex((v) => v.id === view);
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const next = views[(at + step + views.length) % views.length]!;
    pick(next.id);
    document.getElementById(`tab-${next.id}`)?.focus();
  };

  if (!space) return <p class="message">This session may use no space.</p>;
  const View = loaded[view];
  return (
    <div class="studio">
      <header class="topbar">
        <h1>Verso Studio</h1>
        <div class="pickers">
          <label for="pick-space">Space</label>
          <select
            id="pick-space"
            onChange={(e: Event) => {
              const next = boot.spaces.find((s) => s.name === (e.target as HTMLSelectElement).value);
              if (!next) return;
              setSpaceName(next.name);
              setLocale(next.defaultLocale);
            }}
          >
            {boot.spaces.map((s) => (
              <option key={s.id} value={s.name} selected={s.name === space.name}>
                {s.title}
              </option>
            ))}
          </select>
          <label for="pick-locale">Locale</label>
          <select id="pick-locale" onChange={(e: Event) => setLocale((e.target as HTMLSelectElement).value)}>
            {space.locales.map((l) => (
              <option key={l} value={l} selected={l === locale}>
                {l}
              </option>
            ))}
          </select>
        </div>
        <nav class="view-tabs" aria-label="Views">
          {views.map((v) => (
            <button
              key={v.id}
              id={`tab-${v.id}`}
              type="button"
              aria-current={v.id === view ? 'page' : 'false'}
              onClick={() => pick(v.id)}
              onKeyDown={onTabKey}
            >
              {v.label}
            </button>
          ))}
        </nav>
        <form method="post" action="/auth/signout" class="signout">
          <button type="submit">Sign out</button>
        </form>
      </header>
      <div id="view-panel" class="view-panel">
        {failed ? (
          <p class="message" role="alert">
            {failed}
          </p>
        ) : View ? (
          // One keyed host per view and space: hono/jsx/dom unmounts the view left (its canvas, its listeners).
          [view].map((id) => (
            <div key={`${id}/${space.name}`} class="view-host">
              <View boot={boot} space={space} locale={locale} can={can} />
            </div>
          ))
        ) : (
          <p class="loading">Loading…</p>
        )}
      </div>
    </div>
  );
}
