/**
 * GraphQL names of the content model, and the one rule for clashes (docs/graphql.md, "Names"): a name that
 * is taken gets the first free numeric suffix (`BlogPost`, `BlogPost2`, `BlogPost3`, …) in allocation order,
 * and built-in names are taken before any content-model name, so the outcome depends only on the model.
 */

const parts = (name: string): string[] => name.split(/[-_]+/).filter(Boolean);
const upperFirst = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
const lowerFirst = (s: string): string => s.charAt(0).toLowerCase() + s.slice(1);

/** `blog-post` and `blog_post` → `BlogPost`; `faq` → `Faq`. */
export function pascalCase(name: string): string {
  return parts(name).map(upperFirst).join('');
}

/** `meta_description` → `metaDescription`; `URL_path` → `urlPath`; `metaDescription` stays. */
export function camelCase(name: string): string {
  const [first = '', ...rest] = parts(name);
  const head = first === first.toUpperCase() ? first.toLowerCase() : lowerFirst(first);
  return head + rest.map(upperFirst).join('');
}

/** Hands out unique names: the base when free, else the base with the first free suffix from 2. */
export class NameAllocator {
  private readonly taken: Set<string>;

  constructor(reserved: Iterable<string> = []) {
    this.taken = new Set(reserved);
  }

  take(base: string): string {
    let name = base;
    for (let n = 2; this.taken.has(name); n++) name = `${base}${n}`;
    this.taken.add(name);
    return name;
  }
}

/** Type names the schema defines itself (and GraphQL's own): a content-model type never gets one of these. */
export const builtInTypeNames = [
  'Query',
  'Mutation',
  'Subscription',
  'String',
  'Int',
  'Float',
  'Boolean',
  'ID',
  'JSON',
  'ContentNode',
  'PublishingStatus',
  'ContentList',
  'DeletedList',
  'DeletedDocument',
  'Tag',
  'Block',
  'Blocks',
  'BlockDesign',
  'Asset',
  'ImageFormat',
  'FocalPoint',
  'Crop',
  'User',
  'Link',
  'Menu',
  'MenuItem',
] as const;

/** Fields every content type has (interface `ContentNode` plus its relations). */
export const contentBuiltInFields = [
  'id',
  'typeName',
  'title',
  'slug',
  'permalink',
  'locale',
  'status',
  'publishedAt',
  'updatedAt',
  'parent',
  'children',
  'tags',
] as const;
export const blockBuiltInFields = ['blockId', 'typeName', 'layout', 'design'] as const;
export const repeaterItemBuiltInFields = ['itemId'] as const;

/**
 * GraphQL names of one object type's fields, in definition order: camelCase; a name equal to a built-in field
 * of the object becomes `field` + PascalCase (`title` → `fieldTitle`); remaining clashes (`meta_description`
 * beside `metaDescription`) get numeric suffixes in definition order.
 */
export function fieldNames(technicalNames: readonly string[], builtIns: readonly string[]): string[] {
  const builtIn = new Set(builtIns);
  const names = new NameAllocator(builtIns);
  return technicalNames.map((name) => {
    const base = camelCase(name);
    return names.take(builtIn.has(base) ? `field${upperFirst(base)}` : base);
  });
}
