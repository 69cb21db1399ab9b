import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { AppError } from '../../core/errors/app-error.ts';
import { previewHost } from '../../site/export/preview-host.ts';

/** `verso preview-site DIR`: an exported folder served as the static hosts serve it, until Ctrl-C. */
export async function previewSiteCommand(
  dir: string,
  options: { port: string; host: string },
): Promise<void> {
  const folder = resolve(dir);
  if (!existsSync(join(folder, '_headers'))) {
    throw new AppError('validation.failed', {
      message: `${dir} is not a folder written by \`verso build-site\` (it has no _headers): run \`verso build-site SPACE --out ${dir}\` first`,
    });
  }
  const port = Number(options.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new AppError('validation.failed', { message: `--port: "${options.port}" is not a port number` });
  }
  const { port: actual } = await previewHost(folder, { port, host: options.host });
  process.stdout.write(
    `Serving ${dir} at http://${options.host === '0.0.0.0' ? 'localhost' : options.host}:${actual} as Netlify and Cloudflare Pages would (_headers, _redirects, pages without .html). Ctrl-C stops.\n`,
  );
}
