import { config } from 'zod';

/**
 * Imported first by the studio app, before any schema is built: zod must not try `new Function` (its
 * faster object parsing), which the studio's CSP forbids. The probe is caught, but the browser still
 * reports it as a CSP violation on every load.
 */
config({ jitless: true });
