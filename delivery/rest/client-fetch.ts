import { type JsonSchema, propertyName, schemaToTs } from './json-schema-ts.ts';

/** The names the client part of `verso types` declares; content and block type names keep clear of them. */
export const clientNames = [
  'createClient',
  'VersoClient',
  'ClientOptions',
  'VersoError',
  'ListParams',
  'DeletedParams',
  'ReadParams',
  'RelationField',
  'Expanded',
];

interface Parameter {
  name?: string;
  in?: string;
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}

/** Parameters the client types itself: `type` and `expand` steer the answer's type. */
const steering = new Set(['type', 'expand']);

/**
 * The query parameters of `GET /v1/content` as the fields of `ListParams` (and of `GET /v1/content/deleted` as
 * `DeletedParams`), from openapi.json, so that a parameter the API gains reaches the client with the next
 * `verso types`.
 */
function paramsInterface(name: string, parameters: Parameter[], skip: ReadonlySet<string>): string {
  const lines = parameters
    .filter((p) => p.in === 'query' && p.name && !skip.has(p.name))
    .map((p) => {
      const comment = p.description ? `  /** ${p.description.replace(/\*\//g, '* /')} */\n` : '';
      return `${comment}  ${propertyName(p.name!)}${p.required ? '' : '?'}: ${schemaToTs(p.schema, '  ')};`;
    });
  return `export interface ${name} {\n${lines.join('\n')}\n}`;
}

/**
 * The typed fetch client that `verso types` appends to the types: `list`, `get`, `permalink` and `menu`, with
 * their parameters typed, and the relations named in `expand` typed as objects (at the top level of `fields`;
 * nested ones, in blocks and repeaters, stay `string | …` unions). It uses the global `fetch` (Node 18+,
 * browsers, edge runtimes) or the one given.
 */
export function clientSource(parameters: Parameter[], deletedParameters: Parameter[] = []): string {
  return `
// A typed fetch client of this API.

type Relation = Asset | Document | User;
type ItemOf<T> = T extends ReadonlyArray<infer I> ? I : T;
type Inline<T> = T extends ReadonlyArray<infer I> ? Array<Exclude<I, string>> : Exclude<T, string>;
type DocumentOf<T> = T extends ContentTypeName ? ContentDocuments[T] : ContentDocument;

/** The fields of a document type that \`expand\` inlines: images, files, documents and users. */
export type RelationField<D> = D extends { fields: infer F }
  ? { [K in keyof F]-?: [Extract<ItemOf<NonNullable<F[K]>>, Relation>] extends [never] ? never : K }[keyof F] & string
  : never;

/** \`D\` with the relations named in \`E\` as objects (an empty one stays \`null\`). */
export type Expanded<D, E extends string> = [E] extends [never]
  ? D
  : D extends { fields: infer F }
    ? Omit<D, 'fields'> & { fields: { [K in keyof F]: K extends E ? Inline<F[K]> : F[K] } }
    : D;

${paramsInterface('ListParams', parameters, steering)}

${paramsInterface('DeletedParams', deletedParameters, new Set())}

export interface ReadParams<E extends string> {
  /** Language of the answer; default: the client's \`locale\`, else the space's default language. */
  locale?: string;
  /** Relation fields to inline, typed as objects in the answer. */
  expand?: readonly E[];
}

export interface ClientOptions {
  /** The public API, e.g. \`https://api.example.com\`. */
  baseUrl: string;
  locale?: string;
  /** Sent with every request, e.g. a preview token's \`Authorization\`. */
  headers?: Record<string, string>;
  fetch?: typeof fetch;
}

/** An answer other than 200: its status and the API's error body (\`error.key\`, \`error.message\`). */
export class VersoError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody | null,
    readonly url: string,
  ) {
    super(\`\${url} answered \${status}\${body ? \`: \${body.error.key}\` : ''}\`);
    this.name = 'VersoError';
  }
}

/** \`a=1&tags=x,y&filter[price][lt]=5\`: lists joined by commas, objects in brackets, empty values left out. */
function query(params: object, prefix = '', out = new URLSearchParams()): URLSearchParams {
  for (const [key, value] of Object.entries(params)) {
    const name = prefix ? \`\${prefix}[\${key}]\` : key;
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) out.set(name, value.join(','));
    else if (typeof value === 'object') query(value, name, out);
    else out.set(name, String(value));
  }
  return out;
}

export function createClient(options: ClientOptions) {
  const base = options.baseUrl.replace(/\\/+$/, '');
  const fetchFn = options.fetch ?? fetch;
  const get = async <T>(path: string, params: object): Promise<T> => {
    const search = query({ locale: options.locale, ...params }).toString();
    const url = \`\${base}\${path}\${search ? \`?\${search}\` : ''}\`;
    const res = await fetchFn(url, { headers: { accept: 'application/json', ...options.headers } });
    if (!res.ok) {
      const body = (await res.json().catch(() => null)) as ErrorBody | null;
      throw new VersoError(res.status, body, url);
    }
    return (await res.json()) as T;
  };
  return {
    /** \`GET /v1/content\`: published documents, of one type when \`type\` is given. */
    list<T extends ContentTypeName | undefined = undefined, E extends RelationField<DocumentOf<T>> = never>(
      params: ListParams & { type?: T; expand?: readonly E[] } = {},
    ): Promise<Omit<DocumentList, 'items'> & { items: Array<Expanded<DocumentOf<T>, E>> }> {
      return get('/v1/content', params);
    },
    /** \`GET /v1/content/{id}\`; name the type you expect as \`D\` (\`get<BlogPostDocument>(id)\`). */
    get<D extends ContentDocument = ContentDocument, E extends RelationField<D> = never>(
      id: string,
      params: ReadParams<E> = {},
    ): Promise<Expanded<D, E>> {
      return get(\`/v1/content/\${encodeURIComponent(id)}\`, params);
    },
    /** The document at a permalink (\`blog/hello\`); \`''\` or \`/\` is the home document. */
    permalink<D extends ContentDocument = ContentDocument, E extends RelationField<D> = never>(
      path: string,
      params: ReadParams<E> = {},
    ): Promise<Expanded<D, E>> {
      const segments = path.split('/').filter(Boolean).map(encodeURIComponent).join('/');
      return get(segments ? \`/v1/permalink/\${segments}\` : '/v1/permalink', params);
    },
    /**
     * \`GET /v1/content/deleted\`: documents no longer delivered since \`since\` (docs/delivery-api.md, "Sync"); follow
     * \`cursor\` until it is null.
     */
    deleted(params: DeletedParams): Promise<DeletedList> {
      return get('/v1/content/deleted', params);
    },
    /** \`GET /v1/menus/{name}\`. */
    menu(name: string, params: { locale?: string } = {}): Promise<Menu> {
      return get(\`/v1/menus/\${encodeURIComponent(name)}\`, params);
    },
  };
}

export type VersoClient = ReturnType<typeof createClient>;
`;
}
