/**
 * The page title from the site's pattern: `{title}` is the document's title, `{site}` the site
 * name. When one of them is empty, the separator left dangling at either end is dropped.
 */
export function pageTitle(pattern: string, values: { title: string; site: string }): string {
  const filled = pattern.replaceAll('{title}', values.title).replaceAll('{site}', values.site);
  return filled.replace(/^[\s·|–—:-]+|[\s·|–—:-]+$/gu, '') || values.title || values.site;
}
