/**
 * Shapes: small runtime checks of untrusted data that read like schemas and give their TypeScript type
 * (`Infer<typeof s>`). The canvas checks the admin's messages with them instead of zod: zod/mini alone
 * would take a fifth of the canvas's 40 KB gzipped budget, and a message needs nothing but shape
 * checks (no transforms, no messages; a message that does not fit is ignored). Objects are loose:
 * keys a shape does not name are allowed and left alone.
 */

export type Shape<T> = (value: unknown) => value is T;
export type Infer<S> = S extends Shape<infer T> ? T : never;

type Plain = Record<string, unknown>;

const isPlain = (v: unknown): v is Plain => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A string of `min` to `max` UTF-16 code units. */
export const string =
  (max = 1_000_000, min = 0): Shape<string> =>
  (v): v is string =>
    typeof v === 'string' && v.length >= min && v.length <= max;

export const number: Shape<number> = (v): v is number => typeof v === 'number' && Number.isFinite(v);

export const boolean: Shape<boolean> = (v): v is boolean => typeof v === 'boolean';

export const literal =
  <const L extends string | number>(value: L): Shape<L> =>
  (v): v is L =>
    v === value;

export const oneOf =
  <const L extends readonly string[]>(values: L): Shape<L[number]> =>
  (v): v is L[number] =>
    values.includes(v as string);

export const optional =
  <T>(shape: Shape<T>): Shape<T | undefined> =>
  (v): v is T | undefined =>
    v === undefined || shape(v);

export const nullable =
  <T>(shape: Shape<T>): Shape<T | null> =>
  (v): v is T | null =>
    v === null || shape(v);

export const array =
  <T>(shape: Shape<T>, max = 10_000): Shape<T[]> =>
  (v): v is T[] =>
    Array.isArray(v) && v.length <= max && v.every((item) => shape(item));

/** A plain object whose every value fits (a map by name). */
export const record =
  <T>(shape: Shape<T>): Shape<Record<string, T>> =>
  (v): v is Record<string, T> =>
    isPlain(v) && Object.values(v).every((item) => shape(item));

type Fields = Record<string, Shape<unknown>>;
type Optional<F extends Fields> = { [K in keyof F]: undefined extends Infer<F[K]> ? K : never }[keyof F];
export type ObjectOf<F extends Fields> = { [K in Exclude<keyof F, Optional<F>>]: Infer<F[K]> } & {
  [K in Optional<F>]?: Infer<F[K]>;
} & Plain;

/** A plain object with these own fields (a field whose shape admits undefined may be missing). */
export const object =
  <F extends Fields>(fields: F): Shape<ObjectOf<F>> =>
  (v): v is ObjectOf<F> =>
    isPlain(v) &&
    Object.keys(fields).every((key) => fields[key]!(Object.hasOwn(v, key) ? v[key] : undefined));

/** The first shape that fits. */
export const union =
  <S extends Shape<unknown>[]>(...shapes: S): Shape<Infer<S[number]>> =>
  (v): v is Infer<S[number]> =>
    shapes.some((shape) => shape(v));
