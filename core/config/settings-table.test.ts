import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { settings } from './settings.ts';
import { settingsTable, withSettingsTable } from './settings-table.ts';

describe('the README settings table', () => {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

  it('agrees with core/config (run `npm run docs:settings` after changing a setting)', () => {
    expect(withSettingsTable(readme)).toBe(readme);
  });

  it('lists every setting once', () => {
    for (const name of Object.keys(settings)) expect(settingsTable()).toContain(`| \`${name}\` |`);
  });
});
