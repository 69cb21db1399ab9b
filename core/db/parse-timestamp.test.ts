import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { libraryTimestamptzParser, parseTimestamptz } from './parse-timestamp.ts';

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const time = (v: Date | number | null) => (v instanceof Date ? v.getTime() : v);

/** A `timestamptz` as PostgreSQL writes it with `DateStyle` ISO: trailing zeros of the fraction left out. */
function written(
  instant: number,
  micros: number,
  offsetMinutes: number,
  offsetForm: 'hours' | 'minutes',
): string {
  const local = new Date(instant + offsetMinutes * 60_000);
  const fraction = micros === 0 ? '' : `.${pad(micros, 6)}`.replace(/0+$/, '');
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const offset =
    offsetForm === 'hours' && abs % 60 === 0
      ? `${sign}${pad(abs / 60, 2)}`
      : `${sign}${pad(Math.floor(abs / 60), 2)}:${pad(abs % 60, 2)}`;
  return `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1, 2)}-${pad(local.getUTCDate(), 2)} ${pad(local.getUTCHours(), 2)}:${pad(local.getUTCMinutes(), 2)}:${pad(local.getUTCSeconds(), 2)}${fraction}${offset}`;
}

describe('parsing timestamptz', () => {
  it('gives the instant the library gives, for any year 1 to 9999, fraction and offset', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(1, 0, 2), max: Date.UTC(9999, 11, 30) }),
        fc.integer({ min: 0, max: 999_999 }),
        fc.constantFrom(0, 60, -180, 330, -570, 840, -720),
        fc.constantFrom('hours' as const, 'minutes' as const),
        (instant, micros, offset, form) => {
          const text = written(Math.floor(instant / 1000) * 1000, micros, offset, form);
          const parsed = parseTimestamptz(text);
          expect(parsed).toBeInstanceOf(Date);
          expect(time(parsed)).toBe(time(libraryTimestamptzParser(text)));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('leaves what it does not take to the library: infinity, BC, years past 9999, offsets with seconds', () => {
    for (const text of [
      'infinity',
      '-infinity',
      '0044-03-15 12:00:00+00 BC',
      '12345-01-01 00:00:00+00',
      '1890-01-01 00:00:00+00:53:28',
      '2026-11-27 14:08:02+05:30',
    ])
      expect(time(parseTimestamptz(text))).toEqual(time(libraryTimestamptzParser(text)));
  });
});
