import { settingDocs } from './settings.ts';

export const TABLE_START =
  '<!-- settings:start (generated from core/config/settings.ts; `npm run docs:settings`) -->';
export const TABLE_END = '<!-- settings:end -->';

/** The README's settings table, rendered from the one declaration of settings. */
export function settingsTable(): string {
  const rows = settingDocs().map((s) => `| \`${s.name}\` | ${s.default} | ${s.description} |`);
  return ['| variable | default | meaning |', '|---|---|---|', ...rows].join('\n');
}

/** Replaces the generated block between the markers of a markdown text. */
export function withSettingsTable(markdown: string): string {
  const start = markdown.indexOf(TABLE_START);
  const end = markdown.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error('the settings markers are missing');
  return `${markdown.slice(0, start + TABLE_START.length)}\n${settingsTable()}\n${markdown.slice(end)}`;
}
