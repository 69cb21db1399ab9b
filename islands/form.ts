import {
  FORM_ERROR_EMAIL_ATTR,
  FORM_ERROR_FAILED_ATTR,
  FORM_ERROR_REQUIRED_ATTR,
  FORM_ERROR_TOO_LONG_ATTR,
  FORM_FIELD_ERROR_ATTR,
  FORM_MESSAGE_ATTR,
  type FormAnswer,
  ISLAND_ATTR,
} from './contract.ts';

/**
 * The form island: messages for the field constraints (`required`, `type=email`, `maxlength`) next to
 * each field, tied by `aria-describedby` and `aria-invalid`; then a submission with fetch to the form's
 * own action, the answer (`{ ok, message?, errors? }`) shown in the status region without a reload.
 * When the endpoint cannot be reached, the form is posted the plain way, as it would be without
 * script; an answer that is not JSON (an error page) is reported, not posted again (the endpoint
 * already has the submission). Plain DOM: the budget is 4 KB gzipped.
 */

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * Posts the fields as the plain form would (urlencoded) asking for JSON. Null: the endpoint was not
 * reached. An answer that is not JSON (an error page) is a failure without messages.
 */
async function post(action: string, body: URLSearchParams): Promise<FormAnswer | null> {
  let res: Response;
  try {
    res = await fetch(action, { method: 'POST', headers: { Accept: 'application/json' }, body });
  } catch {
    return null;
  }
  try {
    if ((res.headers.get('Content-Type') ?? '').includes('json')) return (await res.json()) as FormAnswer;
  } catch {}
  return { ok: false };
}

/** A form without a formMessage node still needs somewhere to say how the post went. */
function statusRegion(): HTMLElement {
  const el = document.createElement('div');
  el.setAttribute(FORM_MESSAGE_ATTR, '');
  return el;
}

function enhance(form: HTMLFormElement): void {
  form.noValidate = true;
  const fields = [...form.elements].filter(
    (el): el is Field =>
      (el instanceof HTMLInputElement ||
        el instanceof HTMLTextAreaElement ||
        el instanceof HTMLSelectElement) &&
      el.name !== '' &&
      el.type !== 'hidden' &&
      // The honeypot (hidden from people and assistive technology) is never checked or marked.
      !el.closest('[aria-hidden="true"]'),
  );
  const status =
    form.querySelector<HTMLElement>(`[${FORM_MESSAGE_ATTR}]`) ?? form.appendChild(statusRegion());
  status.setAttribute('role', 'status');
  status.setAttribute('aria-live', 'polite');

  const text = (attr: string, fallback: string) => form.getAttribute(attr) ?? fallback;
  const errorOf = (field: Field) =>
    [...form.querySelectorAll<HTMLElement>(`[${FORM_FIELD_ERROR_ATTR}]`)].find(
      (el) => el.getAttribute(FORM_FIELD_ERROR_ATTR) === field.name,
    );

  const problem = (field: Field): string => {
    const v = field.validity;
    if (v.valueMissing) return text(FORM_ERROR_REQUIRED_ATTR, field.validationMessage);
    if (v.typeMismatch && field.type === 'email') return text(FORM_ERROR_EMAIL_ATTR, field.validationMessage);
    // maxlength only stops typing; a pasted or prefilled value can still be longer.
    const max = 'maxLength' in field ? field.maxLength : -1;
    if (max >= 0 && field.value.length > max)
      return text(FORM_ERROR_TOO_LONG_ATTR, `At most ${max} characters.`);
    return field.checkValidity() ? '' : field.validationMessage;
  };

  const show = (field: Field, message: string) => {
    const el = errorOf(field);
    if (message) field.setAttribute('aria-invalid', 'true');
    else field.removeAttribute('aria-invalid');
    if (!el) return;
    el.id ||= `${field.id || field.name}-error`;
    const described = (field.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
    if (!described.includes(el.id)) field.setAttribute('aria-describedby', [...described, el.id].join(' '));
    el.textContent = message;
    el.hidden = !message;
  };

  // A field is checked when it is left, and again on each change once it has shown a message.
  for (const field of fields) {
    field.addEventListener('blur', () => show(field, problem(field)));
    field.addEventListener('input', () => {
      if (field.getAttribute('aria-invalid') === 'true') show(field, problem(field));
    });
  }

  const buttons = () => [
    ...form.querySelectorAll<HTMLButtonElement>('button[type="submit"], button:not([type])'),
  ];

  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const invalid = fields.filter((f) => {
      const message = problem(f);
      show(f, message);
      return message !== '';
    });
    if (invalid.length > 0) {
      invalid[0]!.focus();
      return;
    }
    const body = new URLSearchParams();
    for (const [name, value] of new FormData(form)) if (typeof value === 'string') body.append(name, value);
    for (const b of buttons()) b.disabled = true;
    form.setAttribute('aria-busy', 'true');
    const answer = await post(form.action, body);
    for (const b of buttons()) b.disabled = false;
    form.removeAttribute('aria-busy');
    if (!answer) {
      // Not reached: the endpoint is the same for both ways, and a plain post shows its own answer page.
      form.submit();
      return;
    }
    const errors = answer.errors ?? {};
    for (const f of fields) show(f, errors[f.name] ?? '');
    // A failure is an alert (announced at once); a success a polite status.
    status.setAttribute('role', answer.ok ? 'status' : 'alert');
    status.setAttribute('aria-live', answer.ok ? 'polite' : 'assertive');
    status.textContent =
      answer.message ?? (answer.ok ? '' : text(FORM_ERROR_FAILED_ATTR, 'Sending failed. Please try again.'));
    if (answer.ok) form.reset();
    else fields.find((f) => errors[f.name])?.focus();
  });
}

for (const form of document.querySelectorAll<HTMLFormElement>(`form[${ISLAND_ATTR}="form"]`)) enhance(form);
