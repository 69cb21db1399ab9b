/**
 * Starts a statement whose plan must be made for its values (a list: how many rows a type, a parent or a
 * search matches decides between an index range and a sort), so it is never a named statement: a named one
 * may settle on a generic plan after five runs, which for a list at 100k documents took 100 ms, not 10.
 */
export const CUSTOM_PLAN = '/* custom plan */ ';
