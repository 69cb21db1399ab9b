/** @jsxImportSource hono/jsx/dom */
import { useEffect, useState } from 'hono/jsx/dom';
import { describeError, rpc } from '../rpc.ts';
import type { ViewProps } from '../view-props.ts';
import { DomainsForm, LogoForm } from './domains-logo.tsx';
import { CodeForm, NameForm, PasswordForm, type PublicSettings, settingsSaver } from './site-fields.tsx';

/**
 * The website's settings: name and description, logo, domains, the site password (set or removed, never
 * shown) and, for a session holding `website:code`, the code added to every page.
 */
export function SettingsView(props: ViewProps) {
  const space = props.space.name;
  const [settings, setSettings] = useState<PublicSettings | null>(null);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);
  const say = (s: string, e: string | null) => {
    setStatus(s);
    setError(e);
  };
  useEffect(() => {
    rpc<PublicSettings>('plugins.website.settings.get', { space })
      .then(setSettings)
      .catch((err) => setError(describeError(err)));
  }, [space]);
  const save = settingsSaver(space, setSettings, say);
  return (
    <div class="settings-view">
      <h1>Site settings</h1>
      <p class="status" role="status">
        {status}
      </p>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {settings && (
        <div class="settings-grid">
          <NameForm settings={settings} save={save} />
          <LogoForm space={space} say={say} />
          <DomainsForm space={space} say={say} />
          <PasswordForm settings={settings} save={save} />
          {props.can('website:code') ? (
            <CodeForm settings={settings} save={save} />
          ) : (
            <section class="settings-form" aria-labelledby="code-title">
              <h2 id="code-title">Code</h2>
              <p class="hint">Head and body code can be changed only with the permission website:code.</p>
            </section>
          )}
        </div>
      )}
    </div>
  );
}
