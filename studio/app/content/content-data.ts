import type { FieldDef } from '../../../core/space-format/field-defs.ts';
import type { ListedDoc, Scheduled } from '../../logic/doc-tree.ts';
import { RpcError, rpc } from '../rpc.ts';

/** What the content view reads through `/rpc`: the model, every document, the scheduled runs, the assets. */

export interface Model {
  contentTypes: Array<{ name: string; title: string; fields: FieldDef[] }>;
  blockTypes: Array<{ name: string; title: string; fields: FieldDef[] }>;
}

export interface Version {
  title: string;
  slug: string;
  fields: Record<string, unknown>;
  publishedAt: string | null;
}

export interface DocumentView {
  id: string;
  type: string;
  parentId: string | null;
  revision: number;
  tags: Array<{ name: string; slug: string }>;
  locales: Record<string, { draft: Version | null; published: Version | null }>;
}

interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

async function all<T>(name: string, input: Record<string, unknown>): Promise<T[]> {
  const out: T[] = [];
  let cursor: string | null = null;
  do {
    const page: Page<T> = await rpc<Page<T>>(name, { ...input, limit: 200, ...(cursor ? { cursor } : {}) });
    out.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor && out.length < 5000);
  return out;
}

/** Every document of the space: `content.list` lists the whole space by type (a type or a search is needed). */
export async function loadDocs(space: string, model: Model): Promise<ListedDoc[]> {
  const lists = await Promise.all(
    model.contentTypes.map((t) => all<ListedDoc>('content.list', { space, type: t.name })),
  );
  return lists.flat();
}

export const loadScheduled = (space: string) => all<Scheduled>('content.scheduled', { space });

export const loadAssets = (space: string) =>
  all<{ id: string; filename: string; alt: string }>('assets.list', { space }).catch(() => []);

/** Nothing reached the server, or it could not answer: the save waits and goes again. */
export const isNetworkFailure = (err: unknown) =>
  !(err instanceof RpcError) || err.status >= 500 || err.status === 0;
export const isConflict = (err: unknown) => err instanceof RpcError && err.status === 409;
