import { raw } from 'hono/html';
import { htmlOf } from '../../site/render/html-of.ts';
import { appHead } from '../../site/render/markup.ts';
import type { StudioBoot } from '../app/boot.ts';

export interface StudioPageArgs {
  scriptUrl: string;
  stylesheetUrl: string;
}

/** Written as a string, as the site's head is (site/render/markup.ts): hono's `<head>` turns on promise hooks. */
const head = (args: StudioPageArgs, title: string, script: boolean) =>
  raw(appHead(title, args.stylesheetUrl, script ? args.scriptUrl : undefined));

/** Messages of `/studio?error=…` that the sign-in route sends back (anything else reads as a failed sign-in). */
const SIGN_IN_ERRORS: Record<string, string> = {
  invalid: 'That key is not valid, has expired or was revoked.',
  rate_limited: 'Too many attempts from this address. Wait a minute and try again.',
  expired: 'That sign-in link has expired or was already used. Ask for a new one.',
};

/**
 * Without a session: the sign-in form, plain HTML that works without script. It posts the key to
 * `/auth/session`, which sets the session cookie and sends the browser back to `/studio`.
 */
export function signInPage(args: StudioPageArgs, error: string | null): string {
  const message = error ? (SIGN_IN_ERRORS[error] ?? SIGN_IN_ERRORS.invalid) : null;
  const page = (
    <html lang="en">
      {head(args, 'Sign in · Verso Studio', false)}
      <body class="signin">
        <main class="signin-card">
          <h1>Verso Studio</h1>
          <p>
            Sign in with a management API key. <code>verso dev</code> prints a one-click sign-in link too.
          </p>
          {message ? (
            <p class="error" role="alert" id="signin-error">
              {message}
            </p>
          ) : null}
          <form method="post" action="/auth/session">
            <label for="key">API key</label>
            <input
              id="key"
              name="key"
              type="password"
              autocomplete="off"
              required
              {...(message ? { 'aria-describedby': 'signin-error', 'aria-invalid': 'true' } : {})}
            />
            <button type="submit">Sign in</button>
          </form>
        </main>
      </body>
    </html>
  );
  return `<!doctype html>${htmlOf(page)}`;
}

/**
 * With a session: the editor's shell. What the app needs to start travels as a JSON attribute on its
 * root (no inline script); the rest it asks `/rpc` for, with the session cookie.
 */
export function editorPage(args: StudioPageArgs, boot: StudioBoot): string {
  const page = (
    <html lang="en">
      {head(args, 'Verso Studio', true)}
      <body>
        <div id="studio" data-boot={JSON.stringify(boot)}>
          <noscript>The studio needs JavaScript.</noscript>
          <p class="loading">Loading the studio…</p>
        </div>
      </body>
    </html>
  );
  return `<!doctype html>${htmlOf(page)}`;
}
