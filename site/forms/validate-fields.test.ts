import { describe, expect, it } from 'vitest';
import type { FormFieldProps } from './find-form.ts';
import { checkFields, DEFAULT_MAX_LENGTH } from './validate-fields.ts';

const fields: FormFieldProps[] = [
  { name: 'email', label: 'E-mail', type: 'email', required: true },
  { name: 'note', label: 'Note', type: 'textarea' },
  { name: 'n', label: 'N', type: 'number' },
  { name: 'ok', label: 'OK', type: 'checkbox' },
];
const input = (entries: Record<string, string | string[]>) =>
  new Map(Object.entries(entries).map(([k, v]) => [k, Array.isArray(v) ? v : [v]]));

describe('checking a submission against its form', () => {
  it('keeps only the form fields, trims text, types numbers and checkboxes, leaves empty optional ones out', () => {
    expect(checkFields(fields, input({ email: ' a@b.de ', note: '', n: '1.5', extra: 'x' }), 'en')).toEqual({
      values: { email: 'a@b.de', n: 1.5, ok: false },
      errors: {},
    });
  });

  it('refuses repeated values, numbers that are not, and text past the default length', () => {
    const { errors } = checkFields(
      fields,
      input({ email: ['a@b.de', 'c@d.de'], note: 'x'.repeat(DEFAULT_MAX_LENGTH + 1), n: 'Infinity' }),
      'en',
    );
    expect(errors).toEqual({
      email: 'Only one value is allowed.',
      note: `At most ${DEFAULT_MAX_LENGTH} characters.`,
      n: 'Please enter a number.',
    });
  });

  it('counts characters, not UTF-16 units, against maxLength', () => {
    const f: FormFieldProps[] = [{ name: 't', label: 'T', type: 'text', maxLength: 3 }];
    expect(checkFields(f, input({ t: '😀😀😀' }), 'de').errors).toEqual({});
    expect(checkFields(f, input({ t: '😀😀😀😀' }), 'de').errors).toEqual({ t: 'Höchstens 3 Zeichen.' });
  });
});
