import { describe, expect, it } from 'vitest';
import {
  BUTTON_CLASS,
  instanceClass,
  menuClass,
  nodeClass,
  PROSE_CLASS,
  SR_ONLY_CLASS,
} from '../../styles/class-names.ts';
import { classOfNode, designPrefixes, nodeOfClass } from './node-ref.ts';
import { renderView } from './render-view.ts';
import { sampleMessage } from './sample-message.ts';

describe('nodes by class name', () => {
  const prefixes = designPrefixes(renderView(sampleMessage()).bundle.designs);

  it('knows every layout, page and block variant the canvas drew', () => {
    expect(new Set(prefixes.values())).toEqual(
      new Set([
        { kind: 'layout', key: 'default' },
        { kind: 'page', key: 'blog-post' },
        { kind: 'page', key: 'generated-not-found' },
        { kind: 'block', key: 'hero', variant: 'centered' },
        { kind: 'block', key: 'hero', variant: 'imageLeft' },
      ]),
    );
  });

  it('reads the node back from its class, and the class from the node', () => {
    for (const node of [
      { kind: 'page' as const, key: 'blog-post', id: 'title' },
      { kind: 'layout' as const, key: 'default', id: 'main-nav_2' },
      { kind: 'block' as const, key: 'hero', variant: 'imageLeft', id: 'hero' },
    ]) {
      expect(classOfNode(node)).toBe(nodeClass(node, node.id));
      expect(nodeOfClass(prefixes, classOfNode(node))).toEqual(node);
    }
  });

  it('finds no node in other classes, nor in designs it did not draw', () => {
    for (const name of [
      BUTTON_CLASS,
      SR_ONLY_CLASS,
      PROSE_CLASS,
      menuClass('top-bar', 'root'),
      instanceClass('b1'),
      nodeClass({ kind: 'page', key: 'recipe' }, 'title'),
      nodeClass({ kind: 'block', key: 'hero', variant: 'gone' }, 'hero'),
      `${nodeClass({ kind: 'page', key: 'blog-post' }, 'title')} x`,
    ]) {
      expect(nodeOfClass(prefixes, name), name).toBeNull();
    }
  });
});
