import type { Context } from 'hono';
import { html } from 'hono/html';
import { AppError, type ErrorDetail, toErrorBody } from '../../core/errors/app-error.ts';
import { STRICT_PAGE_CSP } from '../headers/csp.ts';
import { pageHeaders, respond } from '../headers/security-headers.ts';
import { neutralNotFound } from '../pipeline/neutral-not-found.ts';
import { formMessage } from './form-messages.ts';

/** The island asks for JSON; a plain form post (a browser navigation) accepts HTML. */
export function wantsJson(c: Context): boolean {
  return /\bapplication\/json\b/i.test(c.req.header('accept') ?? '');
}

/** A browser navigation without script: it gets pages, not JSON. */
function wantsHtml(c: Context): boolean {
  return !wantsJson(c) && /\btext\/html\b/i.test(c.req.header('accept') ?? '');
}

export interface Refusal {
  key: string;
  /** What the visitor reads, in the page's locale. */
  message: string;
  locale: string;
  /** Field name → message (422). */
  errors?: Record<string, string>;
  /** Field name → label, for the page without script. */
  labels?: Record<string, string>;
  /** Where the page without script links back to (a path on this site). */
  back?: string;
  headers?: Record<string, string>;
}

/**
 * A refused post, with the status of its key. The island (and any client that does not ask for
 * HTML) gets `{ ok: false, message, errors?, error: { key, kind, status, message, details } }`; a
 * browser without script gets a small page that says what went wrong and links back to the form.
 * Never cached.
 */
export async function refuse(c: Context, r: Refusal): Promise<Response> {
  const err = new AppError(r.key, {
    details: Object.entries(r.errors ?? {}).map(
      ([path, message]): ErrorDetail => ({ key: 'validation.invalid', path, params: { message } }),
    ),
  });
  const headers = { 'Cache-Control': 'no-store', ...r.headers };
  if (wantsHtml(c)) {
    if (err.status === 404) return neutralNotFound(c);
    const problems = Object.entries(r.errors ?? {});
    const list = problems.length
      ? html`<ul>${problems.map(([name, message]) => html`<li><strong>${r.labels?.[name] ?? name}</strong>: ${message}</li>`)}</ul>`
      : '';
    return answerPage(c, err.status, headers, {
      locale: r.locale,
      title: formMessage('failed', r.locale),
      message: html`<p role="alert">${r.message}</p>${list}`,
      back: r.back ?? '/',
    });
  }
  const json = {
    ok: false,
    message: r.message,
    ...(r.errors ? { errors: r.errors } : {}),
    ...toErrorBody(err),
  };
  return respond(c, JSON.stringify(json), err.status, {
    'Content-Type': 'application/json; charset=utf-8',
    ...headers,
  });
}

/** The small page a browser without script gets instead of the form's page. */
async function answerPage(
  c: Context,
  status: number,
  headers: Record<string, string>,
  p: { locale: string; title: string; message: unknown; back: string },
): Promise<Response> {
  const body = html`<!doctype html><html lang="${p.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><link rel="icon" href="data:,"><title>${p.title}</title><style>body{font:1rem/1.5 system-ui,sans-serif;max-width:36rem;margin:15vh auto 0;padding:0 1.5rem;color:#1b1f27;background:#fff}h1{font-size:1.5rem}a{color:#0b57d0}</style></head><body><main><h1>${p.title}</h1>${p.message}<p><a href="${p.back}">${formMessage('back', p.locale)}</a></p></main></body></html>`;
  return respond(c, String(await body), status, { ...pageHeaders(STRICT_PAGE_CSP), ...headers });
}

/**
 * A submission from an exported page (`FORM_ORIGINS`): JSON to the island; without script a page of its
 * own with the message and a link back (`back`, on the exported site), which cannot show a form result.
 */
export async function acceptedPage(
  c: Context,
  message: string,
  locale: string,
  back: string,
): Promise<Response> {
  if (wantsJson(c)) return accepted(c, message, back);
  return answerPage(
    c,
    200,
    { 'Cache-Control': 'no-store' },
    {
      locale,
      title: message,
      message: html`<p role="status">${message}</p>`,
      back,
    },
  );
}

/** A stored (or, for a bot, pretended) submission: JSON to the island, else 303 back to the page. */
export function accepted(c: Context, message: string, location: string): Response {
  if (wantsJson(c)) {
    return respond(c, JSON.stringify({ ok: true, message }), 200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
    });
  }
  return respond(c, null, 303, { Location: location, 'Cache-Control': 'no-store' });
}
