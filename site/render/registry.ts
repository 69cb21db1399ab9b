import type { Child } from 'hono/jsx';
import type { z } from 'zod';
import { type DesignNode, NODE_KINDS } from '../../core/designs/index.ts';

/** The built-in kinds and `component`, the kind that looks the project's components up. */
type Kind = DesignNode['el'];

import type { NodeProps } from './render-node.tsx';

/**
 * The one table the renderer looks node kinds up in: the built-in kinds (registered by
 * nodes/index.ts) and the project's code components (registered from verso.config.ts). Nothing here
 * imports a node, so render-node.tsx and the nodes no longer import each other.
 */

export type BuiltinRenderer<K extends Kind = Kind> = (p: NodeProps<K>) => Child;

/** What the registry needs of a component: its name, form label, props schema and renderer. */
export interface RegisteredComponent {
  name: string;
  label: string;
  props: z.ZodType;
  /** Renders the validated props; the context type is the component module's (components.tsx). */
  render: (props: never, ctx: never) => Child;
  /** The island module's name (its bundle is `/_site/islands/<island>.<hash>.js`). */
  island?: string;
  /** Names of the slots the editor fills with child nodes. */
  slots?: readonly string[];
}

export class RegistryError extends Error {
  constructor(
    readonly key: 'duplicate_component' | 'invalid_component',
    message: string,
  ) {
    super(message);
    this.name = 'RegistryError';
  }
}

/** Component names: lower-case words joined by `-`, never a built-in kind's name. */
export const COMPONENT_NAME = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;

export class NodeRegistry {
  private readonly builtins = new Map<string, BuiltinRenderer>();
  private readonly components = new Map<string, RegisteredComponent>();

  registerBuiltin<K extends Kind>(kind: K, render: BuiltinRenderer<K>): void {
    if (this.builtins.has(kind))
      throw new RegistryError('duplicate_component', `node kind "${kind}" is registered twice`);
    this.builtins.set(kind, render as unknown as BuiltinRenderer);
  }

  builtin(kind: Kind): BuiltinRenderer {
    const render = this.builtins.get(kind);
    if (!render)
      throw new Error(`no renderer for node kind "${kind}" (site/render/nodes/index.ts registers them)`);
    return render;
  }

  registerComponent(def: RegisteredComponent): void {
    const name = def.name;
    if (typeof name !== 'string' || !COMPONENT_NAME.test(name) || name.length > 64) {
      throw new RegistryError(
        'invalid_component',
        `component name "${String(name)}" is not lower-case words joined by "-"`,
      );
    }
    if (this.components.has(name) || (NODE_KINDS as readonly string[]).includes(name))
      throw new RegistryError('duplicate_component', `component "${name}" is registered twice`);
    const problem = schemaProblem(def.props);
    if (problem) throw new RegistryError('invalid_component', `component "${name}": ${problem}`);
    if (typeof def.label !== 'string' || def.label.trim() === '') {
      throw new RegistryError('invalid_component', `component "${name}" needs a label`);
    }
    if (typeof def.render !== 'function')
      throw new RegistryError('invalid_component', `component "${name}" needs render`);
    if (def.island !== undefined && !COMPONENT_NAME.test(def.island)) {
      throw new RegistryError(
        'invalid_component',
        `component "${name}": island "${def.island}" is not a module name`,
      );
    }
    this.components.set(name, def);
  }

  component(name: string): RegisteredComponent | undefined {
    return this.components.get(name);
  }

  componentNames(): string[] {
    return [...this.components.keys()].sort();
  }

  /** Forgets the project's components (a `verso dev` rebuild registers them again). */
  clearComponents(): void {
    this.components.clear();
  }
}

/**
 * A props schema is an object schema whose shape the studio can turn into a form: a zod object,
 * expressible as JSON Schema (no transforms, no functions), with plain prop names.
 */
export function schemaProblem(schema: unknown): string | null {
  const s = schema as { _zod?: { def?: { type?: string; shape?: Record<string, unknown> } } } | null;
  const def = s?._zod?.def;
  if (def?.type !== 'object' || !def.shape) return 'props must be a zod object schema (z.object({...}))';
  for (const key of Object.keys(def.shape)) {
    if (!/^[A-Za-z][A-Za-z0-9_]{0,63}$/.test(key)) return `prop name "${key}" is not a plain name`;
  }
  return null;
}

/** The process's registry: the renderer, the design validator's schema hook and the studio read it. */
export const nodeRegistry = new NodeRegistry();
