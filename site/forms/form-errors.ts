import { type ErrorEntry, registerErrors } from '../../core/errors/catalogue.ts';

/** The error keys of `POST /_cms/forms/<kind>/<key>/<nodeId>` (besides `validation.failed` and `rateLimit.exceeded`). */
export const formErrors: Record<string, ErrorEntry> = {
  'plugins.website.form.notFound': { kind: 'not_found', message: 'There is no such form on this site.' },
  'plugins.website.form.crossOrigin': {
    kind: 'forbidden',
    message: 'Forms accept posts from their own site only.',
  },
  'plugins.website.form.unsupportedType': {
    kind: 'unsupported_media_type',
    message: 'Forms accept application/x-www-form-urlencoded or multipart/form-data.',
  },
  'plugins.website.form.tooLarge': {
    kind: 'payload_too_large',
    message: 'The form submission is too large.',
  },
  'plugins.website.form.stampInvalid': {
    kind: 'bad_request',
    message: 'The form is missing its render stamp, or the stamp is not valid.',
  },
  'plugins.website.form.stampExpired': {
    kind: 'bad_request',
    message: 'The form is out of date; reload the page and send it again.',
  },
  'plugins.website.form.tooFast': {
    kind: 'bad_request',
    message: 'The form was sent too quickly after it was shown.',
  },
  'plugins.website.form.unavailable': {
    kind: 'unavailable',
    message: 'Form submissions cannot be stored on this instance right now.',
  },
};

registerErrors(formErrors);
