import { z } from 'zod';
import {
  type Binding,
  bindingSchema,
  fieldNameSchema,
  type Visibility,
  visibilitySchema,
} from './bindings.ts';
import * as p from './node-props.ts';
import { type Style, styleSchema } from './style.ts';

/**
 * NODE: one element of a design tree. `el` picks the kind; each kind has its own strict
 * `props` (see node-props.ts), and only some kinds take children or a binding.
 */

export const NODE_GROUPS = {
  structure: ['box', 'stack', 'grid', 'section', 'spacer', 'divider'],
  content: ['text', 'heading', 'richtext', 'image', 'video', 'link', 'button', 'embed', 'icon'],
  data: ['repeat', 'blocks', 'block'],
  forms: ['form', 'formField', 'formSubmit', 'formMessage'],
  chrome: ['slot', 'menu', 'logo', 'breadcrumbs', 'localeSwitch'],
} as const;

export const NODE_KINDS = [
  ...NODE_GROUPS.structure,
  ...NODE_GROUPS.content,
  ...NODE_GROUPS.data,
  ...NODE_GROUPS.forms,
  ...NODE_GROUPS.chrome,
] as const;
export type NodeKind = (typeof NODE_KINDS)[number];

interface NodeSpec {
  props: z.ZodType;
  children: boolean;
  bind: boolean;
}
const spec = <P extends z.ZodType, C extends boolean, B extends boolean>(props: P, children: C, bind: B) => ({
  props,
  children,
  bind,
});
const container = p.containerPropsSchema.optional();
const empty = p.emptyPropsSchema.optional();

/** Per kind: its props schema (optional when every prop is), whether it has children, a binding. */
export const NODE_SPECS = {
  box: spec(container, true, false),
  stack: spec(container, true, false),
  grid: spec(container, true, false),
  section: spec(container, true, false),
  spacer: spec(p.spacerPropsSchema.optional(), false, false),
  divider: spec(empty, false, false),
  text: spec(p.textPropsSchema.optional(), false, true),
  heading: spec(p.headingPropsSchema, false, true),
  richtext: spec(empty, false, true),
  image: spec(p.imagePropsSchema.optional(), false, true),
  video: spec(p.videoPropsSchema.optional(), false, true),
  link: spec(p.linkPropsSchema.optional(), true, true),
  button: spec(p.linkPropsSchema.optional(), true, true),
  embed: spec(p.embedPropsSchema.optional(), false, true),
  icon: spec(p.iconPropsSchema, false, false),
  repeat: spec(p.repeatPropsSchema, true, false),
  blocks: spec(p.blocksPropsSchema, true, false),
  block: spec(empty, false, false),
  form: spec(p.formPropsSchema, true, false),
  formField: spec(p.formFieldPropsSchema, false, false),
  formSubmit: spec(p.formSubmitPropsSchema.optional(), false, false),
  formMessage: spec(empty, false, false),
  slot: spec(empty, false, false),
  menu: spec(p.menuPropsSchema, false, false),
  logo: spec(p.logoPropsSchema.optional(), false, false),
  breadcrumbs: spec(p.breadcrumbsPropsSchema.optional(), false, false),
  localeSwitch: spec(p.localeSwitchPropsSchema.optional(), false, false),
} satisfies Record<NodeKind, NodeSpec>;

type Specs = typeof NODE_SPECS;
// An interface, not an inline type: TypeScript resolves interfaces lazily, which lets the node
// union refer to itself through `children`.
interface WithChildren {
  children?: DesignNode[];
}
type PropsPart<P> = undefined extends P ? { props?: Exclude<P, undefined> } : { props: P };
type NodeOf<K extends NodeKind> = { id: string; el: K; style?: Style; visibility?: Visibility } & PropsPart<
  z.output<Specs[K]['props']>
> &
  (Specs[K]['children'] extends true ? WithChildren : unknown) &
  (Specs[K]['bind'] extends true ? { bind?: Binding } : unknown);

/**
 * A code component of the project (verso.config.ts): `component` names it, `props` are checked against
 * its registered schema (components.ts), `bindings` bind props to fields, `children` fill its slot.
 */
export interface ComponentNode {
  id: string;
  el: 'component';
  component: string;
  props?: Record<string, unknown>;
  bindings?: Record<string, Binding>;
  style?: Style;
  visibility?: Visibility;
  children?: DesignNode[];
}

/** A node of a built-in kind. */
export type BuiltinNode = { [K in NodeKind]: NodeOf<K> }[NodeKind];
/** A node of any kind, discriminated by `el`. */
export type DesignNode = BuiltinNode | ComponentNode;
/** The node type of one kind: `NodeOfKind<'heading'>['props']['level']`. */
export type NodeOfKind<K extends NodeKind> = Extract<DesignNode, { el: K }>;
/** The props of one kind, without `undefined`. */
export type NodeProps<K extends NodeKind> = Exclude<z.output<Specs[K]['props']>, undefined>;

/** Node ids are unique within one tree and end up in form URLs and class names. */
export const nodeIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'expected an id of 1–64 letters, digits, - and _');

/** True when nodes of this kind may hold children (a component: when it declares slots). */
export function hasChildren(kind: NodeKind | 'component'): boolean {
  return kind === 'component' || NODE_SPECS[kind].children;
}

/** Component names: lower-case words joined by `-` (`brew-ratio`). */
export const componentNameSchema = z
  .string()
  .regex(/^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/, 'expected a component name like "brew-ratio"')
  .max(64);

const componentNodeSchema = z.strictObject({
  id: nodeIdSchema,
  el: z.literal('component'),
  component: componentNameSchema,
  props: z.record(z.string(), z.unknown()).optional(),
  bindings: z.record(fieldNameSchema, bindingSchema).optional(),
  style: styleSchema.optional(),
  visibility: visibilitySchema.optional(),
  children: z
    .array(z.lazy(() => nodeSchema))
    .max(500)
    .optional(),
});

function kindSchema(kind: NodeKind) {
  const s: NodeSpec = NODE_SPECS[kind];
  return z.strictObject({
    id: nodeIdSchema,
    el: z.literal(kind),
    props: s.props,
    style: styleSchema.optional(),
    visibility: visibilitySchema.optional(),
    ...(s.bind ? { bind: bindingSchema.optional() } : {}),
    ...(s.children
      ? {
          children: z
            .array(z.lazy(() => nodeSchema))
            .max(500)
            .optional(),
        }
      : {}),
  });
}

type KindObject = ReturnType<typeof kindSchema>;

/**
 * One node and its subtree, without the whole-tree rules (unique ids, slots, forms): use
 * `treeSchema` for a design's root. The cast is the one place the hand-written `DesignNode`
 * meets the schema built from `NODE_SPECS`; both derive from the same table.
 */
export const nodeSchema: z.ZodType<DesignNode> = z.discriminatedUnion('el', [
  ...NODE_KINDS.map(kindSchema),
  componentNodeSchema,
] as unknown as [KindObject, ...KindObject[]]) as unknown as z.ZodType<DesignNode>;
