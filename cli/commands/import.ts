import { importSpaceFile } from '../space-files.ts';
import { startProject } from './project.ts';
import { progressLine, withServices } from './shared.ts';

export async function importCommand(file: string, options: { replace?: boolean }): Promise<void> {
  // Its component nodes are checked against the project's components.
  await startProject();
  await withServices(async ({ db, plugins, storage }) => {
    const { name, spaceId } = await importSpaceFile(db, file, {
      replace: options.replace,
      plugins,
      storage,
      onProgress: progressLine,
    });
    process.stdout.write(`imported space "${name}" (${spaceId})\n`);
  });
}
