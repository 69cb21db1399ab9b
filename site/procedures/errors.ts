import type { ErrorEntry } from '../../core/errors/catalogue.ts';

/** The website plugin's procedure error keys (registered through `Plugin.errors`). */
export const websiteProcedureErrors: Record<string, ErrorEntry> = {
  'plugins.website.password.tooShort': {
    kind: 'validation',
    message: 'The site password needs at least 8 characters.',
  },
  'plugins.website.password.disabled': {
    kind: 'forbidden',
    message: 'Changing the site password is switched off for this space.',
  },
  'plugins.website.domain.exists': { kind: 'conflict', message: 'This host is in use already.' },
  'plugins.website.domain.notFound': { kind: 'not_found', message: 'The space has no such domain.' },
  'plugins.website.environment.notFound': {
    kind: 'validation',
    message: 'The space has no such environment.',
  },
  'designs.notFound': { kind: 'not_found', message: 'The space has no such design.' },
  'designs.revisionNotFound': {
    kind: 'not_found',
    message: 'The space has no such revision of its designs.',
  },
  'designs.invalid': { kind: 'validation', message: 'The designs cannot be published as they are.' },
};
