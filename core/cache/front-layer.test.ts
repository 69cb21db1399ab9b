import { describe, expect, it } from 'vitest';
import { FrontLayer } from './front-layer.ts';

describe('the front layer', () => {
  it('answers until expiry, and drops every entry of a purged tag only', () => {
    const front = new FrontLayer(100);
    front.set('a', 1, ['doc:1', 'design:s'], 1000, 5000);
    front.set('b', 2, ['doc:2', 'design:s'], 1000, 5000);
    front.set('c', 3, ['doc:3'], 1000, 5000);
    expect(front.get('a', 2000)).toBe(1);
    expect(front.get('a', 5000)).toBeUndefined();
    front.purgeTags(['design:s'], 3000);
    expect(front.get('b', 3000)).toBeUndefined();
    expect(front.get('c', 3000)).toBe(3);
  });

  it('does not keep a value computed before a purge of one of its tags', () => {
    const front = new FrontLayer(100);
    front.purgeTags(['doc:1'], 2000);
    front.set('a', 'stale', ['doc:1'], 1500, 9000);
    expect(front.get('a', 2500)).toBeUndefined();
    front.set('a', 'fresh', ['doc:1'], 2500, 9000);
    expect(front.get('a', 2600)).toBe('fresh');
  });

  it('stays within its bound, oldest first', () => {
    const front = new FrontLayer(2);
    front.set('a', 1, ['t'], 0, 10);
    front.set('b', 2, ['t'], 0, 10);
    front.set('c', 3, ['t'], 0, 10);
    expect(front.size).toBe(2);
    expect(front.get('a', 1)).toBeUndefined();
    front.purgeTags(['t'], 5);
    expect(front.size).toBe(0);
  });

  it('remembers which keys a purge dropped, and when, until asked once (bounded, forgotten by clear)', () => {
    const front = new FrontLayer(2);
    front.set('a', 1, ['doc:1'], 0, 100);
    front.set('b', 2, ['doc:2'], 0, 100);
    front.purgeTags(['doc:1'], 10);
    front.purgeTags(['doc:3'], 11);
    expect(front.takePurged('a')).toEqual({ at: 10, writtenElsewhere: false });
    expect(front.takePurged('a')).toBeUndefined();
    expect(front.takePurged('b')).toBeUndefined();
    for (const key of ['x', 'y', 'z']) front.set(key, 0, [`doc:${key}`], 0, 100);
    front.purgeTags(['doc:x', 'doc:y', 'doc:z'], 20);
    expect(front.takePurged('x')).toBeUndefined();
    expect(front.takePurged('z')).toEqual({ at: 20, writtenElsewhere: false });
    front.clear();
    expect(front.takePurged('y')).toBeUndefined();
  });

  it('says whether another process wrote a purged key since its purge, and only then', () => {
    const front = new FrontLayer(10);
    front.writtenElsewhere('a');
    front.set('a', 1, ['doc:1'], 0, 100);
    front.purgeTags(['doc:1'], 10);
    front.writtenElsewhere('a');
    front.set('a', 1, ['doc:1'], 11, 100);
    // A later purge makes the earlier write outdated.
    front.purgeTags(['doc:1'], 12);
    expect(front.takePurged('a')).toEqual({ at: 12, writtenElsewhere: false });
    front.set('a', 1, ['doc:1'], 13, 100);
    front.purgeTags(['doc:1'], 14);
    front.writtenElsewhere('a');
    expect(front.takePurged('a')).toEqual({ at: 14, writtenElsewhere: true });
    // Not purged: nothing to note.
    front.writtenElsewhere('b');
    expect(front.takePurged('b')).toBeUndefined();
  });
});
