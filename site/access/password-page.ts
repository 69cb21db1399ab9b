import type { Context } from 'hono';
import { STRICT_PAGE_CSP } from '../headers/csp.ts';
import { pageHeaders, respond } from '../headers/security-headers.ts';
import { PRIVATE_CACHE_CONTROL } from '../pipeline/page-cache.ts';

/** Why the form is shown again. */
export type PasswordProblem = 'wrong' | 'tooMany';

const WORDS = {
  en: {
    title: 'Password required',
    intro: 'This site is protected. Enter the password to continue.',
    label: 'Password',
    submit: 'Continue',
    wrong: 'The password is not correct. Please try again.',
    tooMany: 'Too many attempts. Please wait a few minutes and try again.',
  },
  de: {
    title: 'Passwort erforderlich',
    intro: 'Diese Website ist geschützt. Geben Sie das Passwort ein, um fortzufahren.',
    label: 'Passwort',
    submit: 'Weiter',
    wrong: 'Das Passwort ist nicht richtig. Bitte versuchen Sie es erneut.',
    tooMany: 'Zu viele Versuche. Bitte warten Sie einige Minuten und versuchen Sie es erneut.',
  },
  fr: {
    title: 'Mot de passe requis',
    intro: 'Ce site est protégé. Saisissez le mot de passe pour continuer.',
    label: 'Mot de passe',
    submit: 'Continuer',
    wrong: "Le mot de passe n'est pas correct. Veuillez réessayer.",
    tooMany: 'Trop de tentatives. Patientez quelques minutes puis réessayez.',
  },
  es: {
    title: 'Se requiere contraseña',
    intro: 'Este sitio está protegido. Introduzca la contraseña para continuar.',
    label: 'Contraseña',
    submit: 'Continuar',
    wrong: 'La contraseña no es correcta. Inténtelo de nuevo.',
    tooMany: 'Demasiados intentos. Espere unos minutos e inténtelo de nuevo.',
  },
  it: {
    title: 'Password richiesta',
    intro: 'Questo sito è protetto. Inserisci la password per continuare.',
    label: 'Password',
    submit: 'Continua',
    wrong: 'La password non è corretta. Riprova.',
    tooMany: 'Troppi tentativi. Attendi qualche minuto e riprova.',
  },
  nl: {
    title: 'Wachtwoord vereist',
    intro: 'Deze site is beveiligd. Voer het wachtwoord in om verder te gaan.',
    label: 'Wachtwoord',
    submit: 'Doorgaan',
    wrong: 'Het wachtwoord is niet juist. Probeer het opnieuw.',
    tooMany: 'Te veel pogingen. Wacht een paar minuten en probeer het opnieuw.',
  },
} as const;

type Lang = keyof typeof WORDS;

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

// One small stylesheet in a <style> element (the page CSP allows inline styles, never inline script).
const STYLE =
  'body{font:1rem/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;max-width:24rem;margin:18vh auto 0;padding:0 1.5rem;color:#1b1f27;background:#fff}' +
  'h1{font-size:1.5rem;margin:0 0 .5rem}p{margin:0 0 1.25rem}label{display:block;font-weight:600;margin-bottom:.25rem}' +
  'input{box-sizing:border-box;width:100%;font:inherit;padding:.6rem .75rem;border:1px solid #6b7280;border-radius:6px}' +
  'input:focus-visible,button:focus-visible{outline:3px solid #2563eb;outline-offset:2px}' +
  'button{margin-top:1rem;font:inherit;font-weight:600;padding:.6rem 1.25rem;border:0;border-radius:6px;background:#1b1f27;color:#fff;cursor:pointer}' +
  '.error{color:#b91c1c;font-weight:600}' +
  '@media (prefers-color-scheme:dark){body{background:#111318;color:#e8eaf0}input{background:#1b1f27;color:#e8eaf0;border-color:#9ca3af}button{background:#e8eaf0;color:#111318}.error{color:#fca5a5}}';

/**
 * The neutral password form (delivery-and-site.md, "Authentication" 3): it names no space, site or
 * product, only asks for the password, in the space's default language when one of the built-in
 * ones. It works without script: a plain form posting to `/_cms/password` with the page to return to.
 */
export function passwordPageHtml(args: { locale: string; next: string; problem?: PasswordProblem }): string {
  const base = args.locale.split('-')[0]!;
  const lang: Lang = base in WORDS ? (base as Lang) : 'en';
  const w = WORDS[lang];
  const problem = args.problem
    ? `<p class="error" id="password-error" role="alert">${escapeHtml(w[args.problem])}</p>`
    : '';
  const invalid = args.problem === 'wrong' ? ' aria-invalid="true" aria-describedby="password-error"' : '';
  return (
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<meta name="robots" content="noindex, nofollow">' +
    '<link rel="icon" href="data:,">' +
    `<title>${escapeHtml(w.title)}</title><style>${STYLE}</style></head>` +
    `<body><main><h1>${escapeHtml(w.title)}</h1><p>${escapeHtml(w.intro)}</p>` +
    `<form method="post" action="/_cms/password">${problem}` +
    `<label for="password">${escapeHtml(w.label)}</label>` +
    `<input id="password" name="password" type="password" autocomplete="current-password" required autofocus${invalid}>` +
    `<input type="hidden" name="next" value="${escapeHtml(args.next)}">` +
    `<button type="submit">${escapeHtml(w.submit)}</button></form></main></body></html>`
  );
}

/**
 * The form as an answer: 401 (or 429 over the attempt limit), never stored, kept from search engines,
 * with the strict page CSP and the page headers.
 */
export function passwordPage(
  c: Context,
  args: {
    locale: string;
    next: string;
    problem?: PasswordProblem;
    status?: number;
    headers?: Record<string, string>;
  },
): Response {
  return respond(c, passwordPageHtml(args), args.status ?? 401, {
    ...pageHeaders(STRICT_PAGE_CSP),
    'Cache-Control': PRIVATE_CACHE_CONTROL,
    'X-Robots-Tag': 'noindex, nofollow',
    ...args.headers,
  });
}
