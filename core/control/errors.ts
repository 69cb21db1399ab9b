import { registerErrors } from '../errors/catalogue.ts';

/** Error keys of the control API; registered when this module loads. */
registerErrors({
  'control.addressRefused': {
    kind: 'forbidden',
    message: 'The control API does not answer this address (CONTROL_API_ALLOWED_IPS).',
  },
});
