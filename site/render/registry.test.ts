import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { NODE_KINDS } from '../../core/designs/index.ts';
import { registerBuiltinNodes } from './nodes/index.ts';
import { NodeRegistry, type RegisteredComponent, RegistryError } from './registry.ts';

const card = (over: Partial<RegisteredComponent> = {}): RegisteredComponent => ({
  name: 'price-card',
  label: 'Price card',
  props: z.object({ title: z.string() }),
  render: () => null,
  ...over,
});

function refusal(fn: () => void): RegistryError {
  try {
    fn();
  } catch (err) {
    if (err instanceof RegistryError) return err;
    throw err;
  }
  throw new Error('expected a RegistryError');
}

describe('the node registry', () => {
  it('holds a renderer for every built-in kind and refuses one registered twice', () => {
    const registry = new NodeRegistry();
    registerBuiltinNodes(registry);
    for (const kind of NODE_KINDS) expect(typeof registry.builtin(kind)).toBe('function');
    expect(refusal(() => registerBuiltinNodes(registry)).key).toBe('duplicate_component');
  });

  it('registers a component and refuses a second one of the same name', () => {
    const registry = new NodeRegistry();
    registry.registerComponent(card());
    expect(registry.component('price-card')?.label).toBe('Price card');
    const err = refusal(() => registry.registerComponent(card({ label: 'Other' })));
    expect(err.key).toBe('duplicate_component');
    expect(err.message).toContain('price-card');
    expect(registry.component('price-card')?.label).toBe('Price card');
    expect(refusal(() => registry.registerComponent(card({ name: 'heading' }))).key).toBe(
      'duplicate_component',
    );
  });

  it('refuses bad schemas, names and labels by name', () => {
    const registry = new NodeRegistry();
    const cases: [Partial<RegisteredComponent>, string][] = [
      [{ props: z.string() as unknown as z.ZodType }, 'zod object'],
      [{ props: { title: 'string' } as unknown as z.ZodType }, 'zod object'],
      [{ props: z.object({ 'bad name': z.string() }) }, 'bad name'],
      [{ name: 'PriceCard' }, 'PriceCard'],
      [{ name: 'price card' }, 'price card'],
      [{ label: ' ' }, 'label'],
      [{ island: '../x' }, '../x'],
    ];
    for (const [over, words] of cases) {
      const err = refusal(() => registry.registerComponent(card(over)));
      expect(err.key).toBe('invalid_component');
      expect(err.message).toContain(words);
    }
    expect(registry.componentNames()).toEqual([]);
  });
});
