import { fixtureSpace, ids } from '../../core/testing/fixture-space.ts';

/**
 * The shared fixture space plus what delivery tests need beyond it: a third tree level (about/team/ada) and a
 * published child of an unpublished parent. Kept here rather than in core/testing so that tests which rewrite
 * the shared fixture by position stay as they are.
 */
export const deliveryIds = {
  ...ids,
  /** Published in English under `hidden`, which is not published: delivered nowhere. */
  hiddenChild: '00000000-0000-4000-8000-0000000000a8',
  /** Third level: about/team/ada (en), ueber-uns/team/ada (de). */
  lead: '00000000-0000-4000-8000-0000000000a9',
} as const;

const t = '2026-01-01T00:00:00.000Z';
const version = (title: string, slug: string, fields: Record<string, unknown>) => ({
  published: { title, slug, fields, publishedAt: t, updatedAt: t },
  draft: null,
});

export function deliveryFixture(): Record<string, unknown> {
  const space = fixtureSpace() as { documents: unknown[] } & Record<string, unknown>;
  space.documents.push(
    {
      id: deliveryIds.hiddenChild,
      type: 'page',
      parentId: ids.hidden,
      position: 0,
      createdAt: t,
      tags: [],
      locales: { en: version('Secret child', 'secret-child', { summary: 'Under an unpublished parent' }) },
    },
    {
      id: deliveryIds.lead,
      type: 'page',
      parentId: ids.team,
      position: 0,
      createdAt: t,
      tags: [{ name: 'People', slug: 'people' }],
      locales: {
        en: version('Ada Lovelace', 'ada', { summary: 'Leads the roastery' }),
        de: version('Ada Lovelace', 'ada', { summary: 'Leitet die Rösterei' }),
      },
    },
  );
  return space;
}
