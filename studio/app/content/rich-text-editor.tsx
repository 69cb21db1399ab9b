/** @jsxImportSource hono/jsx/dom */
import { Editor } from '@tiptap/core';
import Link from '@tiptap/extension-link';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef, useState } from 'hono/jsx/dom';
import type { ListedDoc } from '../../logic/doc-tree.ts';
import { toEditorJson, toSpaceRichText } from '../../logic/rich-text.ts';
import { LinkBox, type LinkTarget } from './link-box.tsx';

/**
 * A rich-text field, edited with Tiptap (ProseMirror): StarterKit without the marks the space format has
 * no name for (strike, underline); what it holds goes through toSpaceRichText on every change, so nothing
 * leaves it that the validator or the renderer refuses. Tiptap injects no stylesheet (the studio's CSP
 * has no 'unsafe-inline'); ProseMirror's few rules are in studio.css. A link goes to an address or to a
 * document of the space (the mark's `contentId`, as the space format stores links to documents).
 */

/** Tiptap's link with the space format's `contentId` beside `href` (shown in the editor as `data-content-id`). */
const SpaceLink = Link.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      contentId: {
        default: null,
        parseHTML: (el: HTMLElement) => el.getAttribute('data-content-id'),
        renderHTML: (a: Record<string, unknown>) =>
          typeof a.contentId === 'string' ? { 'data-content-id': a.contentId } : {},
      },
    };
  },
  parseHTML() {
    return [...(this.parent?.() ?? []), { tag: 'a[data-content-id]' }];
  },
});

interface Props {
  id: string;
  label: string;
  value: unknown;
  onChange: (doc: ReturnType<typeof toSpaceRichText>) => void;
  /** The documents a link may go to, titled in `locale`. */
  docs: ListedDoc[];
  locale: string;
}

type Command = (e: Editor) => boolean;
const BUTTONS: Array<{
  label: string;
  mark?: string;
  node?: [string, Record<string, unknown>?];
  run: Command;
}> = [
  { label: 'Bold', mark: 'bold', run: (e) => e.chain().focus().toggleBold().run() },
  { label: 'Italic', mark: 'italic', run: (e) => e.chain().focus().toggleItalic().run() },
  { label: 'Code', mark: 'code', run: (e) => e.chain().focus().toggleCode().run() },
  {
    label: 'H2',
    node: ['heading', { level: 2 }],
    run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
  },
  {
    label: 'H3',
    node: ['heading', { level: 3 }],
    run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
  },
  { label: 'List', node: ['bulletList'], run: (e) => e.chain().focus().toggleBulletList().run() },
  { label: 'Numbered', node: ['orderedList'], run: (e) => e.chain().focus().toggleOrderedList().run() },
  { label: 'Quote', node: ['blockquote'], run: (e) => e.chain().focus().toggleBlockquote().run() },
];

export function RichTextEditor(props: Props) {
  const editor = useRef<Editor | null>(null);
  const latest = useRef(props);
  latest.current = props;
  const [, setTick] = useState(0);
  const [linking, setLinking] = useState(false);
  const mount = (box: HTMLElement | null) => {
    if (!box || editor.current) return;
    // Its own element: hono renders none of ProseMirror's children.
    const el = document.createElement('div');
    box.appendChild(el);
    editor.current = new Editor({
      element: el,
      injectCSS: false,
      extensions: [
        StarterKit.configure({ strike: false, underline: false, link: false }),
        SpaceLink.configure({ openOnClick: false, autolink: true, defaultProtocol: 'https' }),
      ],
      content: toEditorJson(props.value),
      editorProps: {
        attributes: {
          id: props.id,
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-label': props.label,
          class: 'rich-text',
        },
      },
      onUpdate: ({ editor: e }) => latest.current.onChange(toSpaceRichText(e.getJSON())),
      onSelectionUpdate: () => setTick((n) => n + 1),
    });
  };
  useEffect(() => () => editor.current?.destroy(), []);
  const e = editor.current;
  const applyLink = (target: LinkTarget) => {
    const chain = e?.chain().focus().extendMarkRange('link');
    if (!chain) return;
    if (target && 'contentId' in target)
      chain.setMark('link', { href: null, contentId: target.contentId }).run();
    else if (target) chain.setMark('link', { href: target.href, contentId: null }).run();
    else chain.unsetLink().run();
    setLinking(false);
  };
  return (
    <div class="rich-text-field">
      <div class="rich-toolbar" role="toolbar" aria-label={`${props.label}: formatting`}>
        {BUTTONS.map((b) => (
          <button
            key={b.label}
            type="button"
            class="small"
            aria-pressed={
              e && (b.mark ? e.isActive(b.mark) : b.node ? e.isActive(b.node[0], b.node[1]) : false)
                ? 'true'
                : 'false'
            }
            onClick={() => e && b.run(e)}
          >
            {b.label}
          </button>
        ))}
        <button
          type="button"
          class="small"
          aria-expanded={linking ? 'true' : 'false'}
          onClick={() => setLinking(!linking)}
        >
          Link
        </button>
      </div>
      {linking ? (
        <LinkBox
          id={props.id}
          docs={props.docs}
          locale={props.locale}
          current={e?.getAttributes('link') ?? {}}
          onApply={applyLink}
        />
      ) : null}
      <div class="rich-box" ref={mount} />
    </div>
  );
}
