/**
 * Starts a statement whose plan must be made for its values (a list: how many rows a type, a parent or a
 * search matches decides between an index range and a sort), so it is never a named statement: a named one
 * may settle on a generic plan after five runs, which for a list at 100k documents took 100 ms, not 10.
 * On PostgreSQL its values are written into its text (`inlineValues`): pooled connections plan every
 * parameterized statement generically (core/db/pg-db.ts), and a statement without parameters is planned for
 * the values it spells.
 */
export const CUSTOM_PLAN = '/* custom plan */ ';

/**
 * A value as an SQL literal, as PostgreSQL would read the same parameter; undefined for bytes and for text with a
 * NUL character (a statement's text cannot carry one; as a parameter PostgreSQL refuses it with an error of its own).
 */
function literal(value: unknown, quote: (text: string) => string): string | undefined {
  if (value === null || value === undefined) return 'null';
  if (value instanceof Uint8Array) return undefined;
  if (Array.isArray(value)) {
    const items: string[] = [];
    for (const item of value) {
      if (item === null || item === undefined) {
        items.push('NULL');
        continue;
      }
      if (Array.isArray(item) || item instanceof Uint8Array) return undefined;
      const element = text(item);
      if (element.includes('\0')) return undefined;
      items.push(`"${element.replace(/[\\"]/g, (c) => `\\${c}`)}"`);
    }
    return quote(`{${items.join(',')}}`);
  }
  const spelled = text(value);
  return spelled.includes('\0') ? undefined : quote(spelled);
}

const text = (value: unknown): string =>
  value instanceof Date
    ? value.toISOString()
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

/**
 * `sql` with each `$n` replaced by its value as a quoted literal (untyped, as a parameter is: the statement's
 * casts type it), or undefined when a value cannot be spelled (bytes, nested arrays). `quote` escapes a
 * string literal (pg's `escapeLiteral`). The texts given are Verso's own statements, with no `$n` in strings.
 */
export function inlineValues(
  sql: string,
  values: readonly unknown[],
  quote: (text: string) => string,
): string | undefined {
  const literals: string[] = [];
  for (const value of values) {
    const spelled = literal(value, quote);
    if (spelled === undefined) return undefined;
    literals.push(spelled);
  }
  return sql.replace(/\$(\d+)\b/g, (token, n: string) => literals[Number(n) - 1] ?? token);
}
