/** @jsxImportSource hono/jsx/dom */
import { useState } from 'hono/jsx/dom';
import { describeError, rpc } from '../rpc.ts';

export interface PublicSettings {
  siteName: string;
  description: string;
  headCode: string;
  bodyCode: string;
  hasPassword: boolean;
}

type Save = (change: Record<string, unknown>, done: string) => Promise<boolean>;

/** `plugins.website.settings.set` with one change, its answer the view's new settings; false on a refusal. */
export function settingsSaver(
  space: string,
  apply: (s: PublicSettings) => void,
  say: (status: string, error: string | null) => void,
): Save {
  return async (change, done) => {
    say('Saving…', null);
    try {
      apply(await rpc<PublicSettings>('plugins.website.settings.set', { space, ...change }));
      say(done, null);
      return true;
    } catch (err) {
      say('', describeError(err));
      return false;
    }
  };
}

export function NameForm(props: { settings: PublicSettings; save: Save }) {
  const [name, setName] = useState(props.settings.siteName);
  const [description, setDescription] = useState(props.settings.description);
  return (
    <form
      class="settings-form"
      aria-labelledby="site-title"
      onSubmit={(e: Event) => {
        e.preventDefault();
        void props.save({ siteName: name, description }, 'Site name and description saved.');
      }}
    >
      <h2 id="site-title">Site</h2>
      <label for="site-name">Site name</label>
      <input
        id="site-name"
        type="text"
        maxLength={200}
        value={name}
        onInput={(e: Event) => setName((e.target as HTMLInputElement).value)}
      />
      <label for="site-description">Description</label>
      <textarea
        id="site-description"
        rows={2}
        maxLength={1000}
        value={description}
        onInput={(e: Event) => setDescription((e.target as HTMLTextAreaElement).value)}
      />
      <button type="submit">Save site name</button>
    </form>
  );
}

/** Set or remove; what is set is never shown back (the server keeps only its Argon2id hash). */
export function PasswordForm(props: { settings: PublicSettings; save: Save }) {
  const [password, setPassword] = useState('');
  return (
    <form
      class="settings-form"
      aria-labelledby="password-title"
      onSubmit={(e: Event) => {
        e.preventDefault();
        void props.save({ password }, 'Password set: the site now asks visitors for it.').then((ok) => {
          if (ok) setPassword('');
        });
      }}
    >
      <h2 id="password-title">Site password</h2>
      <p id="password-state">
        {props.settings.hasPassword
          ? 'The site asks every visitor for a password.'
          : 'The site is open to everyone.'}
      </p>
      <label for="site-password">{props.settings.hasPassword ? 'New password' : 'Password'}</label>
      <input
        id="site-password"
        type="password"
        autocomplete="new-password"
        minLength={8}
        value={password}
        aria-describedby="password-help"
        onInput={(e: Event) => setPassword((e.target as HTMLInputElement).value)}
      />
      <p id="password-help" class="hint">
        At least 8 characters. It is never shown again: to change it, set a new one.
      </p>
      <div class="buttons">
        <button type="submit" disabled={password.length === 0}>
          Set password
        </button>
        {props.settings.hasPassword && (
          <button
            type="button"
            class="danger"
            onClick={() => void props.save({ password: null }, 'Password removed: the site is open.')}
          >
            Remove password
          </button>
        )}
      </div>
    </form>
  );
}

/** Head and body code: only for a session holding `website:code` (the server requires it too). */
export function CodeForm(props: { settings: PublicSettings; save: Save }) {
  const [head, setHead] = useState(props.settings.headCode);
  const [body, setBody] = useState(props.settings.bodyCode);
  return (
    <form
      class="settings-form"
      aria-labelledby="code-title"
      onSubmit={(e: Event) => {
        e.preventDefault();
        void props.save({ headCode: head, bodyCode: body }, 'Head and body code saved.');
      }}
    >
      <h2 id="code-title">Code</h2>
      <label for="head-code">In every page’s head</label>
      <textarea
        id="head-code"
        class="code"
        rows={4}
        spellcheck={false}
        value={head}
        onInput={(e: Event) => setHead((e.target as HTMLTextAreaElement).value)}
      />
      <label for="body-code">At the end of every page’s body</label>
      <textarea
        id="body-code"
        class="code"
        rows={4}
        spellcheck={false}
        value={body}
        onInput={(e: Event) => setBody((e.target as HTMLTextAreaElement).value)}
      />
      <button type="submit">Save code</button>
    </form>
  );
}
