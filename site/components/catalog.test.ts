import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { NodeRegistry, type RegisteredComponent } from '../render/registry.ts';
import { componentCatalog } from './catalog.ts';
import { defineComponent, prop } from './define.ts';

describe('the component catalog for the studio', () => {
  it('lists each component with its label, JSON Schema props with defaults, and bindable props', () => {
    const registry = new NodeRegistry();
    const card = defineComponent({
      name: 'price-card',
      label: 'Price card',
      props: z.object({
        title: z.string().default('Plan'),
        price: z.number().min(0),
        photo: prop.image().optional(),
        tier: z.enum(['basic', 'pro']).optional(),
      }),
      render: (p) => p.title,
    });
    registry.registerComponent(card as unknown as RegisteredComponent);
    const [entry] = componentCatalog(registry);
    expect(entry).toMatchObject({ name: 'price-card', label: 'Price card', island: null, slots: false });
    expect(entry!.bindable).toEqual({ title: 'string', price: 'number', photo: 'image' });
    const schema = entry!.props as {
      properties: Record<string, { default?: unknown; enum?: unknown }>;
      required: string[];
    };
    expect(schema.properties.title!.default).toBe('Plan');
    expect(schema.properties.tier!.enum).toEqual(['basic', 'pro']);
    expect(schema.required).toEqual(['price']);
  });
});
