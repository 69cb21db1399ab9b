// Rewrites the settings table of README.md from core/config/settings.ts.
import { readFileSync, writeFileSync } from 'node:fs';
import { withSettingsTable } from '../core/config/settings-table.ts';

const path = new URL('../README.md', import.meta.url);
writeFileSync(path, withSettingsTable(readFileSync(path, 'utf8')));
