import type { FormFieldProps } from './find-form.ts';
import { formMessage } from './form-messages.ts';

/** A submission's stored value per field: text, a number, a checkbox's state. */
export type SubmittedValue = string | number | boolean;

export interface FieldCheck {
  /** The values to store, by field name: only the form's own fields, empty optional ones left out. */
  values: Record<string, SubmittedValue>;
  /** Field name → message in the page's locale; empty when the submission is valid. */
  errors: Record<string, string>;
}

/** Text fields without a `maxLength` of their own still end somewhere (the body limit is the other bound). */
export const DEFAULT_MAX_LENGTH = 10_000;
const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]{2,}$/u;
const TEL = /^\+?[0-9 ()./-]{3,40}$/;

function checkOne(field: FormFieldProps, raw: string, locale: string): SubmittedValue | { error: string } {
  const error = (key: Parameters<typeof formMessage>[0], params?: Record<string, string>) => ({
    error: formMessage(key, locale, params),
  });
  const max = field.maxLength ?? DEFAULT_MAX_LENGTH;
  switch (field.type) {
    case 'number': {
      const n = Number(raw);
      return raw.trim() !== '' && Number.isFinite(n) ? n : error('number');
    }
    case 'select':
      return (field.options ?? []).some((o) => o.value === raw) ? raw : error('option');
    case 'email':
      return raw.length <= 254 && EMAIL.test(raw) ? raw : error('email');
    case 'url':
      return raw.length <= max && /^https?:\/\/\S+$/i.test(raw) && URL.canParse(raw) ? raw : error('url');
    case 'tel':
      return TEL.test(raw) ? raw : error('tel');
    default:
      return [...raw].length <= max ? raw : error('tooLong', { max: String(max) });
  }
}

/**
 * Checks a submission against the form's fields (required, type, options, length) and keeps only
 * those fields: anything else a client adds is dropped. A checkbox is `true` when sent, else
 * `false`; text is stored as given, with surrounding whitespace trimmed (textareas keep inner lines).
 */
export function checkFields(
  fields: readonly FormFieldProps[],
  input: ReadonlyMap<string, readonly string[]>,
  locale: string,
): FieldCheck {
  const values: Record<string, SubmittedValue> = {};
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const given = input.get(field.name) ?? [];
    if (field.type === 'checkbox') {
      const checked = given.some((v) => v !== '');
      if (field.required && !checked) errors[field.name] = formMessage('required', locale);
      values[field.name] = checked;
      continue;
    }
    if (given.length > 1) {
      errors[field.name] = formMessage('single', locale);
      continue;
    }
    const raw = (given[0] ?? '').trim();
    if (raw === '') {
      if (field.required) errors[field.name] = formMessage('required', locale);
      continue;
    }
    const checked = checkOne(field, raw, locale);
    if (typeof checked === 'object') errors[field.name] = checked.error;
    else values[field.name] = checked;
  }
  return { values, errors };
}
