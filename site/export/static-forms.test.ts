import { describe, expect, it } from 'vitest';
import { RELAXED_PAGE_CSP, STRICT_PAGE_CSP } from '../headers/csp.ts';
import { allowFormEndpoint, pointForms } from './static-forms.ts';

const ENDPOINT = 'https://forms.example.org';

describe('forms of an exported page', () => {
  it('point at the endpoint with a build stamp of their own reference, and nothing else changes', () => {
    const html =
      '<main><a href="/_cms/forms/x">x</a><form id="f0" method="post" action="/_cms/forms/page/contact%20us/n%26" data-island="form">' +
      '<input type="hidden" name="_stamp" value="1700000000000.abc"/><input name="email"/></form>' +
      '<form method="post" action="/_cms/forms/block/hero/n2"><input name="q"/></form></main>';
    const refs: string[] = [];
    const { html: out, actions } = pointForms(html, ENDPOINT, (ref) => {
      refs.push(ref);
      return `s1.${refs.length}`;
    });
    expect(actions).toEqual(['/_cms/forms/page/contact%20us/n%26', '/_cms/forms/block/hero/n2']);
    expect(refs).toEqual(['page/contact us/n&', 'block/hero/n2']);
    expect(out).toBe(
      '<main><a href="/_cms/forms/x">x</a><form id="f0" method="post" action="https://forms.example.org/_cms/forms/page/contact%20us/n%26" data-island="form">' +
        '<input type="hidden" name="_stamp" value="s1.1"/><input name="email"/></form>' +
        '<form method="post" action="https://forms.example.org/_cms/forms/block/hero/n2"><input type="hidden" name="_stamp" value="s1.2"/><input name="q"/></form></main>',
    );
    expect(pointForms('<p>no forms</p>', ENDPOINT, () => 'x')).toEqual({
      html: '<p>no forms</p>',
      actions: [],
    });
  });

  it('let the strict CSP post and connect to the endpoint, once', () => {
    const csp = allowFormEndpoint(STRICT_PAGE_CSP, ENDPOINT);
    expect(csp).toContain(`connect-src 'self' ${ENDPOINT};`);
    expect(csp).toContain(`form-action 'self' ${ENDPOINT};`);
    expect(allowFormEndpoint(csp, ENDPOINT)).toBe(csp);
    expect(csp.replaceAll(` ${ENDPOINT}`, '')).toBe(STRICT_PAGE_CSP);
    expect(allowFormEndpoint("default-src 'self'; connect-src 'none'", ENDPOINT)).toBe(
      `default-src 'self'; connect-src ${ENDPOINT}`,
    );
  });

  it('leave an absent form-action absent and widen default-src when connect-src is absent', () => {
    const csp = allowFormEndpoint(RELAXED_PAGE_CSP, ENDPOINT);
    expect(csp).not.toContain('form-action');
    expect(csp).toContain(`default-src 'self' https: data: blob: 'unsafe-inline' 'unsafe-eval' ${ENDPOINT};`);
  });
});
