import type { Queryable } from '../../core/db/types.ts';
import type { Reader } from '../../delivery/reader/types.ts';
import type { DomainRow, RequestTarget, SiteInfo } from '../pipeline/types.ts';
import { fileRules, type Manifest } from './build-manifest.ts';
import { hostRedirectRules, redirectRules } from './build-routes.ts';
import { type HostRules, headersFile, nginxSnippet, redirectsFile } from './host-files.ts';
import { notFoundFile } from './static-paths.ts';

/**
 * The host's rule files (`_headers`, `_redirects`, `nginx.conf`) from the site's own answers: kept files carry
 * what the site sent with them, `securityHeaders` are those of the pages (the previous build's when every page
 * was kept).
 */
export async function hostRuleFiles(
  deps: { db: Queryable; reader: Reader },
  args: {
    site: SiteInfo;
    domain: DomainRow;
    domains: DomainRow[];
    locales: string[];
    target: Pick<RequestTarget, 'protocol' | 'port'>;
    files: Manifest['files'];
    feeds: ReadonlyArray<{ file: string }>;
    pages: ReadonlyArray<{ path: string }>;
    notFound: ReadonlyArray<{ prefix: string }>;
    securityHeaders: Array<[string, string]>;
  },
  onWarning?: (message: string) => void,
): Promise<Array<[string, string]>> {
  const { site, domain, locales } = args;
  const rules: HostRules = {
    securityHeaders: args.securityHeaders,
    ...fileRules(args.files, new Set(args.feeds.map((f) => f.file))),
    redirects: await redirectRules(
      deps,
      { site, domain, locales, pages: new Set(args.pages.map((p) => p.path)) },
      onWarning,
    ),
    localePrefix: domain.locale === null ? `/${site.space.defaultLocale}` : null,
    hostRedirects: hostRedirectRules(args.domains, domain, args.target),
    notFound: args.notFound.map(({ prefix }) => ({ prefix, file: notFoundFile(prefix) })),
  };
  return [
    ['_headers', headersFile(rules)],
    ['_redirects', redirectsFile(rules)],
    ['nginx.conf', nginxSnippet(rules)],
  ];
}
