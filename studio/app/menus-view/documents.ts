import { rpc } from '../rpc.ts';

export interface DocOption {
  id: string;
  title: string;
  depth: number;
}

interface Listed {
  id: string;
  children: number;
  locales: Record<string, { title: string }>;
}

/**
 * The space's documents in tree order with their titles in `locale` (else any), for link pickers; at most
 * `max` (a picker of more is no picker: the content view's search is where a large space is browsed).
 */
export async function documentOptions(space: string, locale: string, max = 300): Promise<DocOption[]> {
  const out: DocOption[] = [];
  const walk = async (parentId: string | null, depth: number): Promise<void> => {
    const body = await rpc<{ items: Listed[] }>('content.list', { space, parentId, limit: 100 });
    for (const d of body.items) {
      if (out.length >= max) return;
      const title = d.locales[locale]?.title ?? Object.values(d.locales)[0]?.title ?? d.id;
      out.push({ id: d.id, title, depth });
      if (d.children > 0) await walk(d.id, depth + 1);
    }
  };
  await walk(null, 0);
  return out;
}
