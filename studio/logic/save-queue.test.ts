import { describe, expect, it } from 'vitest';
import {
  edited,
  emptyQueue,
  failed,
  hasUnsaved,
  nextToSend,
  resolved,
  retryDelayMs,
  saveLabel,
  sent,
} from './save-queue.ts';

describe('the save queue', () => {
  it('sends the newest snapshot once, and is saved when nothing newer came meanwhile', () => {
    let q = edited(emptyQueue<string>(), 'a');
    q = edited(q, 'ab');
    expect(q.view).toBe('unsaved');
    const first = nextToSend(q);
    expect(first.send).toBe('ab');
    q = first.queue;
    expect(nextToSend(q).send).toBeNull();
    q = edited(q, 'abc');
    expect(q.view).toBe('saving');
    q = sent(q);
    expect(q.view).toBe('unsaved');
    const second = nextToSend(q);
    expect(second.send).toBe('abc');
    q = sent(second.queue);
    expect(q.view).toBe('saved');
    expect(hasUnsaved(q)).toBe(false);
  });

  it('loses nothing while offline: a failed send comes back unless something newer was typed', () => {
    let q = nextToSend(edited(emptyQueue<string>(), 'a')).queue;
    q = failed(q, { kind: 'network' });
    expect(q.view).toBe('offline');
    expect(q.pending).toBe('a');
    expect(hasUnsaved(q)).toBe(true);
    q = nextToSend(q).queue;
    q = edited(q, 'ab');
    q = failed(q, { kind: 'network' });
    expect(q.pending).toBe('ab');
    expect(q.failures).toBe(2);
    expect(edited(q, 'abc').view).toBe('offline');
    q = sent(nextToSend(edited(q, 'abc')).queue);
    expect(q).toMatchObject({ view: 'saved', failures: 0, pending: null });
  });

  it('stops at a conflict until the editor picks a version', () => {
    let q = nextToSend(edited(emptyQueue<string>(), 'mine')).queue;
    q = failed(q, { kind: 'conflict' });
    expect(q.view).toBe('conflict');
    expect(nextToSend(edited(q, 'mine2')).send).toBeNull();
    expect(saveLabel(q)).toMatch(/pick a version/);
    expect(nextToSend(resolved(q, 'mine2')).send).toBe('mine2');
    expect(resolved(q, null).view).toBe('saved');
  });

  it('a refused value is shown in words and not sent again by itself', () => {
    const q = failed(nextToSend(edited(emptyQueue<string>(), 'x')).queue, {
      kind: 'refused',
      message: 'bad',
    });
    expect(saveLabel(q)).toBe('Not saved: bad');
    expect(nextToSend(q).send).toBeNull();
  });

  it('waits longer after each failure, up to 15 s', () => {
    expect([1, 2, 3, 10].map(retryDelayMs)).toEqual([500, 1000, 2000, 15_000]);
  });
});
