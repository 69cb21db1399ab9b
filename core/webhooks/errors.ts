import { registerErrors } from '../errors/catalogue.ts';

/** Error keys of the webhooks procedures; registered when this module loads. */
registerErrors({
  'webhook.notFound': { kind: 'not_found', message: 'No such webhook in this space.' },
  'webhook.addressRefused': {
    kind: 'validation',
    message: 'The webhook address is refused: it must resolve, and only to public addresses.',
  },
});
