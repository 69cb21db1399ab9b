import { registerErrors } from '../errors/catalogue.ts';

/** Error keys of the procedure framework; registered when this module loads. */
registerErrors({
  'procedure.notFound': { kind: 'not_found', message: 'No such procedure.' },
  'auth.spaceForbidden': { kind: 'forbidden', message: 'The API key may not use this space.' },
});
