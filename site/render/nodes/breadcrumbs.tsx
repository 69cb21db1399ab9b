import type { Child } from 'hono/jsx';
import type { NodeProps } from '../render-node.tsx';
import { localized, say } from '../strings.ts';

/** `breadcrumbs`: home (when `props.home` names it), the page's ancestors, then the page itself. */
export function BreadcrumbsNode({ node, env, attrs }: NodeProps<'breadcrumbs'>): Child {
  const { ctx } = env;
  const home = localized(node.props?.home, ctx.locale, ctx.defaultLocale);
  const isHome = ctx.document.id === ctx.site.homeId;
  const crumbs = [
    ...(home && !isHome ? [{ title: home, href: ctx.href.home() }] : []),
    ...ctx.data.ancestors,
  ];
  return (
    <nav {...attrs} aria-label={say('breadcrumb', ctx.locale)}>
      <ol>
        {crumbs.map((c) => (
          <li>
            <a href={c.href}>{c.title}</a>
          </li>
        ))}
        <li>
          <span aria-current="page">{ctx.document.title}</span>
        </li>
      </ol>
    </nav>
  );
}
