import { writeFile } from 'node:fs/promises';
import { AppError } from '../../core/errors/app-error.ts';
import type { ContentModel } from '../../delivery/reader/types.ts';
import { clientTypes, type OpenApiLike } from '../../delivery/rest/client-types.ts';

/** GETs a JSON document of the public API; a failure names the address. */
export async function fetchJson<T>(url: string): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { headers: { Accept: 'application/json' } });
  } catch (err) {
    throw new AppError('types.fetchFailed', { message: `cannot reach ${url} (${(err as Error).message})` });
  }
  if (!res.ok) throw new AppError('types.fetchFailed', { message: `${url} answered ${res.status}` });
  return (await res.json()) as T;
}

/** `verso types --url <public API> [--out file]`: TypeScript types of a space's content model and REST answers. */
export async function typesCommand(options: { url: string; out?: string }): Promise<void> {
  const base = options.url.replace(/\/+$/, '');
  const [openapi, model] = await Promise.all([
    fetchJson<OpenApiLike>(`${base}/openapi.json`),
    fetchJson<ContentModel>(`${base}/v1/types`),
  ]);
  const text = clientTypes({ openapi, model, source: base });
  if (options.out) {
    await writeFile(options.out, text);
    process.stderr.write(
      `wrote ${options.out} (${model.contentTypes.length} content types, ${model.blockTypes.length} block types)\n`,
    );
  } else {
    process.stdout.write(text);
  }
}
