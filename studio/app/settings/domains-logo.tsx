/** @jsxImportSource hono/jsx/dom */
import { useEffect, useState } from 'hono/jsx/dom';
import type { AssetView } from '../../../core/procedures/asset-view.ts';
import { describeError, RpcError, rpc } from '../rpc.ts';

interface Domain {
  host: string;
  primary: boolean;
  locale: string | null;
  environment: string;
}

type Say = (status: string, error: string | null) => void;

/** The hosts the site answers on (`plugins.website.domains.*`): add (the first is primary) and remove. */
export function DomainsForm(props: { space: string; say: Say }) {
  const [domains, setDomains] = useState<Domain[]>([]);
  const [host, setHost] = useState('');
  const [invalid, setInvalid] = useState(false);
  const load = () =>
    rpc<{ items: Domain[] }>('plugins.website.domains.list', { space: props.space })
      .then((b) => setDomains(b.items))
      .catch((err) => props.say('', describeError(err)));
  useEffect(() => {
    void load();
  }, [props.space]);
  const add = async () => {
    try {
      await rpc('plugins.website.domains.create', {
        space: props.space,
        host,
        primary: domains.length === 0,
      });
      setInvalid(false);
      props.say(`${host.trim().toLowerCase()} added.`, null);
      setHost('');
      await load();
    } catch (err) {
      setInvalid(err instanceof RpcError && err.path === 'host');
      props.say('', describeError(err));
    }
  };
  const remove = async (d: Domain) => {
    try {
      await rpc('plugins.website.domains.delete', { space: props.space, host: d.host });
      props.say(`${d.host} removed.`, null);
      await load();
    } catch (err) {
      props.say('', describeError(err));
    }
  };
  return (
    <form
      class="settings-form"
      aria-labelledby="domains-title"
      onSubmit={(e: Event) => {
        e.preventDefault();
        void add();
      }}
    >
      <h2 id="domains-title">Domains</h2>
      {domains.length === 0 ? (
        <p class="hint">No domain yet: the site answers on none.</p>
      ) : (
        <ul class="domains">
          {domains.map((d) => (
            <li key={d.host}>
              <code>{d.host}</code>
              {d.primary ? ' (primary)' : ''}
              {d.locale ? ` · ${d.locale}` : ''}
              {d.environment !== 'production' ? ` · ${d.environment}` : ''}
              <button
                type="button"
                class="danger"
                aria-label={`Remove ${d.host}`}
                onClick={() => void remove(d)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <label for="domain-host">Add a host</label>
      <input
        id="domain-host"
        type="text"
        placeholder="www.example.com"
        value={host}
        aria-invalid={invalid ? 'true' : undefined}
        onInput={(e: Event) => setHost((e.target as HTMLInputElement).value)}
      />
      <button type="submit" disabled={host.trim() === ''}>
        Add domain
      </button>
    </form>
  );
}

interface SiteDesign {
  kind: string;
  key: string;
  published: Record<string, unknown> | null;
  draft: Record<string, unknown> | null;
}

/**
 * The logo is the site design's `logoId` (designs.md), not a setting: choosing one saves a draft of the site
 * design (a space without one gets its first, `default`), which goes live with the design view's Publish,
 * as every design change does.
 */
export function LogoForm(props: { space: string; say: Say }) {
  const [images, setImages] = useState<AssetView[]>([]);
  const [design, setDesign] = useState<SiteDesign | null>(null);
  useEffect(() => {
    rpc<{ items: AssetView[] }>('assets.list', { space: props.space, limit: 200 })
      .then((b) => setImages(b.items.filter((a) => a.mimeType.startsWith('image/'))))
      .catch((err) => props.say('', describeError(err)));
    rpc<{ designs: Array<{ kind: string; key: string }> }>('designs.list', { space: props.space })
      .then(async (b) => {
        const site = b.designs.find((d) => d.kind === 'site');
        // Without a stored site design the site draws a generated one: choosing a logo starts the record.
        setDesign(
          site
            ? await rpc<SiteDesign>('designs.get', { space: props.space, kind: 'site', key: site.key })
            : { kind: 'site', key: 'default', published: null, draft: null },
        );
      })
      .catch((err) => props.say('', describeError(err)));
  }, [props.space]);
  const current = design
    ? (((design.draft ?? design.published)?.logoId as string | null | undefined) ?? null)
    : null;
  const choose = async (logoId: string | null) => {
    if (!design) return;
    const base = design.draft ?? design.published ?? {};
    const draft = { ...base, logoId };
    try {
      await rpc('designs.saveDraft', { space: props.space, kind: 'site', key: design.key, draft });
      setDesign({ ...design, draft });
      props.say(
        'Logo saved as a draft of the site design: publish the designs to show it on the site.',
        null,
      );
    } catch (err) {
      props.say('', describeError(err));
    }
  };
  return (
    <section class="settings-form" aria-labelledby="logo-title">
      <h2 id="logo-title">Logo</h2>
      {!design ? (
        <p class="hint">Loading…</p>
      ) : (
        <>
          <label for="site-logo">Logo image</label>
          <select
            id="site-logo"
            onChange={(e: Event) => void choose((e.target as HTMLSelectElement).value || null)}
          >
            <option value="" selected={current === null}>
              none (the site name as text)
            </option>
            {images.map((a) => (
              <option key={a.id} value={a.id} selected={a.id === current}>
                {a.filename}
                {a.alt ? ` — ${a.alt}` : ''}
              </option>
            ))}
          </select>
          {current && <img class="logo-preview" src={`/media/${current}/original`} alt="The chosen logo" />}
        </>
      )}
    </section>
  );
}
