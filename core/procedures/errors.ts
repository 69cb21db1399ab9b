import { registerErrors } from '../errors/catalogue.ts';

/** Error keys of the core procedures; registered when this module loads. */
registerErrors({
  'redirect.exists': {
    kind: 'conflict',
    message: 'A redirect from this path exists already in this locale.',
  },
  'redirect.notFound': { kind: 'not_found', message: 'No such redirect.' },
});
