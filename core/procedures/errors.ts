import { registerErrors } from '../errors/catalogue.ts';

/** Error keys of the core procedures; registered when this module loads. */
registerErrors({
  'redirect.exists': {
    kind: 'conflict',
    message: 'A redirect from this path exists already in this locale.',
  },
  'redirect.notFound': { kind: 'not_found', message: 'No such redirect.' },
  'content.invalid': {
    kind: 'validation',
    message: 'The document does not fit its content type or its place in the tree.',
  },
  'content.conflict': {
    kind: 'conflict',
    message: 'The document changed since it was read; read it again and reapply the change.',
  },
  'content.hasChildren': {
    kind: 'conflict',
    message: 'The document has children; move them first, or delete them with it (withChildren).',
  },
  'content.draftNotFound': { kind: 'not_found', message: 'The document has no draft in this locale.' },
  'content.notScheduled': {
    kind: 'not_found',
    message: 'Nothing is scheduled for this document in this locale.',
  },
  'menu.invalid': {
    kind: 'validation',
    message: 'The menu items do not fit the space (their documents, locales or item ids).',
  },
  'menu.conflict': {
    kind: 'conflict',
    message: 'The menu changed since it was read; read it again and reapply the change.',
  },
  'asset.inUse': {
    kind: 'conflict',
    message: 'The asset is in use; remove it from what uses it first.',
  },
});
