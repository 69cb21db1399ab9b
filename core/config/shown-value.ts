/**
 * What an error message may show of a setting's raw value: a secret only by its length, anything else
 * with the password of every URL in it masked (`postgres://app:***@db/verso`), since a connection string's
 * password is as secret as `AUTH_SECRET` and an error message ends up in logs and terminals.
 */
export function shownValue(raw: string, secret: boolean): string {
  if (secret) return `${[...raw].length} characters, not shown`;
  return `"${raw.replace(/(:\/\/[^:@/\s]*):[^@\s]*@/g, '$1:***@')}"`;
}
