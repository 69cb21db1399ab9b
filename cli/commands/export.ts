import { writeFile } from 'node:fs/promises';
import { exportSpace } from '../../core/space-format/export.ts';
import { withServices } from './shared.ts';

export async function exportCommand(space: string, options: { output?: string }): Promise<void> {
  await withServices(async ({ db, plugins, storage }) => {
    const text = `${JSON.stringify(await exportSpace(db, space, { plugins, storage }), null, 2)}\n`;
    if (options.output) await writeFile(options.output, text);
    else process.stdout.write(text);
  });
}
