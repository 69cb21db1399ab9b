import { migrate } from '../../core/db/migrations.ts';
import { allMigrations } from '../plugins.ts';
import { withServices } from './shared.ts';

export async function migrateCommand(): Promise<void> {
  await withServices(async ({ db, plugins }) => {
    const applied = await migrate(db, allMigrations(plugins));
    process.stdout.write(applied.length ? `applied ${applied.join(', ')}\n` : 'the database is up to date\n');
  });
}
