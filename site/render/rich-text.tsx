import type { Child } from 'hono/jsx';
import { isSafeHref } from '../../core/designs/index.ts';
import type { RichTextNodeType } from '../../core/space-format/rich-text-schema.ts';
import { assetOf, relatedDocument } from './bindings.ts';
import type { Env } from './context.ts';
import { Img } from './image.tsx';

/**
 * Rich text (`{ type: 'doc', content }`) as HTML built from elements only: every text goes
 * through JSX escaping, no attribute is copied from content, links are resolved here (a link to
 * an unpublished document is plain text), and unknown node kinds keep just their text.
 */

interface RtNode {
  type?: string;
  text?: string;
  attrs?: Record<string, unknown>;
  marks?: { type?: string; attrs?: Record<string, unknown> }[];
  content?: RtNode[];
}

function markHref(env: Env, attrs: Record<string, unknown> | undefined): string | null {
  if (!attrs) return null;
  if (typeof attrs.contentId === 'string') {
    const doc = relatedDocument(env, attrs.contentId);
    return doc ? env.ctx.href.document(doc) : null;
  }
  for (const key of ['href', 'url']) {
    const v = attrs[key];
    if (typeof v === 'string' && isSafeHref(v)) return absolute(env, v);
  }
  return null;
}

/** A site path (`/about`, `/media/…`) on the feed's origin when rendering for a feed; as it is on a page. */
const absolute = (env: Env, href: string) =>
  env.ctx.feed && href.startsWith('/') && !href.startsWith('//') ? env.ctx.feed.origin + href : href;

function text(env: Env, node: RtNode): Child {
  let out: Child = node.text ?? '';
  const marks = [...(node.marks ?? [])].sort((a, b) => order(a.type) - order(b.type));
  for (const mark of marks) {
    switch (mark.type) {
      case 'code':
        out = <code>{out}</code>;
        break;
      case 'bold':
        out = <strong>{out}</strong>;
        break;
      case 'italic':
        out = <em>{out}</em>;
        break;
      case 'link': {
        const href = markHref(env, mark.attrs);
        if (href) {
          const blank = mark.attrs?.target === '_blank';
          out = (
            <a href={href} target={blank ? '_blank' : undefined} rel={blank ? 'noopener' : undefined}>
              {out}
            </a>
          );
        }
        break;
      }
    }
  }
  return out;
}

const order = (type: string | undefined) => (type === 'code' ? 0 : type === 'link' ? 2 : 1);

function children(env: Env, node: RtNode): Child[] {
  return (node.content ?? []).map((c) => rtNode(env, c));
}

/**
 * How each node type is drawn: typed by the list the validator takes (core/space-format/rich-text-schema.ts),
 * so a type added there does not compile until it is drawn here.
 */
const draw: Record<RichTextNodeType, (env: Env, node: RtNode) => Child> = {
  text,
  paragraph: (env, node) => <p>{children(env, node)}</p>,
  heading: (env, node) => {
    // The page's own title is its h1: headings inside rich text start at h2.
    const level = Math.min(6, Math.max(2, Number(node.attrs?.level) || 2));
    const H = `h${level}` as 'h2';
    return <H>{children(env, node)}</H>;
  },
  bulletList: (env, node) => <ul>{children(env, node)}</ul>,
  orderedList: (env, node) => {
    const start = Number(node.attrs?.start);
    return <ol start={Number.isInteger(start) && start !== 1 ? start : undefined}>{children(env, node)}</ol>;
  },
  listItem: (env, node) => <li>{children(env, node)}</li>,
  blockquote: (env, node) => <blockquote>{children(env, node)}</blockquote>,
  codeBlock: (env, node) => (
    <pre>
      <code>{children(env, node)}</code>
    </pre>
  ),
  horizontalRule: () => <hr />,
  hardBreak: () => <br />,
  image: (env, node) => {
    const asset = assetOf(env, node.attrs?.assetId ?? node.attrs?.id);
    if (!asset) return null;
    const alt = typeof node.attrs?.alt === 'string' ? node.attrs.alt : asset.alt;
    // The page's own `src`, without srcset, sizes or lazy loading: a feed reader lays out images itself.
    if (env.ctx.feed) return <img src={absolute(env, asset.variants.card)} alt={alt} />;
    return <Img env={env} asset={asset} alt={alt} variant="card" />;
  },
};

function rtNode(env: Env, node: RtNode): Child {
  // A kind stored before the validator knew the list keeps just its text.
  const drawn = Object.hasOwn(draw, node.type ?? '') ? draw[node.type as RichTextNodeType] : undefined;
  return drawn ? drawn(env, node) : children(env, node);
}

export function RichText({ env, doc }: { env: Env; doc: unknown }): Child {
  if (!doc || typeof doc !== 'object') return null;
  const d = doc as RtNode;
  return d.type === 'doc' ? children(env, d) : rtNode(env, d);
}
