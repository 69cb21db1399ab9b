import type { Child } from 'hono/jsx';
import { SR_ONLY_CLASS } from '../../../styles/class-names.ts';
import type { NodeProps } from '../render-node.tsx';
import { localeName, say } from '../strings.ts';

/**
 * `localeSwitch`: links to this page in the other locales it is published in (names in their
 * own language, or codes followed by the name for screen readers: the accessible name then contains
 * the visible code, WCAG 2.5.3); the current locale is marked. The
 * links sit directly in the node's element, so its style lays them out. Nothing when the page
 * exists in one locale only.
 */
export function LocaleSwitchNode({ node, env, attrs }: NodeProps<'localeSwitch'>): Child {
  const { ctx, scope } = env;
  const versions = ctx.data.versions;
  if (versions.length < 2) return null;
  const codes = node.props?.display === 'code';
  // Spaces between the links keep them apart when the style sets no gap.
  const links = versions.flatMap((v, i) => [
    i > 0 ? ' ' : null,
    <a href={v.href} hreflang={v.locale} lang={v.locale} aria-current={v.current ? 'true' : undefined}>
      {codes ? [v.locale, <span class={SR_ONLY_CLASS}> {localeName(v.locale)}</span>] : localeName(v.locale)}
    </a>,
  ]);
  // Inside a `nav` container the links are part of that landmark; elsewhere they are their own.
  if (scope.inNav) return <div {...attrs}>{links}</div>;
  return (
    <nav {...attrs} aria-label={say('languages', ctx.locale)}>
      {links}
    </nav>
  );
}
