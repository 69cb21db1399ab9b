import { type FieldNode, type GraphQLResolveInfo, Kind, type SelectionSetNode } from 'graphql/index.js';

/**
 * Whether a list field's `items` are asked for more than plain values: an object field (a block, an image, a
 * link, a relation) at any depth, through fragments too. A list read for such a query brings its rows' link
 * targets, assets and users in its statement (`ListQuery.carry`); one for titles and dates does not pay for them.
 */
export function itemsSelectObjects(info: GraphQLResolveInfo): boolean {
  /** Whether a field of `set`, or of a fragment in it, passes `test`. */
  const anyField = (set: SelectionSetNode | undefined, test: (field: FieldNode) => boolean): boolean =>
    (set?.selections ?? []).some((s) => {
      if (s.kind === Kind.FIELD) return test(s);
      const inner =
        s.kind === Kind.INLINE_FRAGMENT ? s.selectionSet : info.fragments[s.name.value]?.selectionSet;
      return anyField(inner, test);
    });
  const objects = (field: FieldNode) => field.selectionSet !== undefined;
  const items = (field: FieldNode) => field.name.value === 'items' && anyField(field.selectionSet, objects);
  return info.fieldNodes.some((node) => anyField(node.selectionSet, items));
}
