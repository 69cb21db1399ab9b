import pino from 'pino';

export type Logger = pino.Logger;

/** JSON logs on stdout; secrets are redacted wherever they might appear. */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      redact: {
        paths: ['*.password', '*.passwordHash', '*.authorization', '*.AUTH_SECRET', '*.key'],
        censor: '[redacted]',
      },
    },
    destination,
  );
}
