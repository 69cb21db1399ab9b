import { type GraphQLResolveInfo, Kind, type SelectionSetNode } from 'graphql/index.js';

/**
 * Whether a list field's `items` are asked for more than plain values: an object field (a block, an image, a
 * link, a relation) at any depth, through fragments too. A list read for such a query brings its rows' link
 * targets, assets and users in its statement (`ListQuery.carry`); one for titles and dates does not pay for them.
 */
export function itemsSelectObjects(info: GraphQLResolveInfo): boolean {
  const objects = (set: SelectionSetNode | undefined): boolean =>
    (set?.selections ?? []).some((s) => {
      if (s.kind === Kind.FIELD) return s.selectionSet !== undefined;
      if (s.kind === Kind.INLINE_FRAGMENT) return objects(s.selectionSet);
      return objects(info.fragments[s.name.value]?.selectionSet);
    });
  const items = (set: SelectionSetNode | undefined): boolean =>
    (set?.selections ?? []).some((s) => {
      if (s.kind === Kind.FIELD) return s.name.value === 'items' && objects(s.selectionSet);
      if (s.kind === Kind.INLINE_FRAGMENT) return items(s.selectionSet);
      return items(info.fragments[s.name.value]?.selectionSet);
    });
  return info.fieldNodes.some((node) => items(node.selectionSet));
}
