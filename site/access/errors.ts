import { registerErrors } from '../../core/errors/catalogue.ts';

/** Error keys of site access; registered when this module loads. */
registerErrors({
  'site.password.crossOrigin': {
    kind: 'forbidden',
    message: 'The password form was posted from another site.',
  },
  'site.request.tooLarge': { kind: 'payload_too_large', message: 'The request body is too large.' },
});
