import { describe, expect, it } from 'vitest';
import { canRedo, canUndo, historyOf, record, recordKey, redo, seal, undo } from './history.ts';

describe('the editor history', () => {
  it('undoes and redoes edits in order, and a new edit drops the redo branch', () => {
    let h = historyOf('a');
    h = record(h, 'b');
    h = record(h, 'c');
    expect(canUndo(h)).toBe(true);
    h = undo(h);
    expect(h.present).toBe('b');
    h = undo(h);
    expect(h.present).toBe('a');
    expect(canUndo(h)).toBe(false);
    expect(undo(h)).toBe(h);
    h = redo(h);
    expect(h.present).toBe('b');
    h = record(h, 'x');
    expect(canRedo(h)).toBe(false);
    expect(undo(h).present).toBe('b');
  });

  it('keeps a stream of edits of one group as one step, until sealed', () => {
    let h = historyOf(0);
    h = record(h, 1, 'color:primary');
    h = record(h, 2, 'color:primary');
    h = record(h, 3, 'color:primary');
    expect(h.past).toEqual([0]);
    expect(undo(h).present).toBe(0);
    h = record(seal(h), 4, 'color:primary');
    expect(h.past).toEqual([0, 3]);
    h = record(h, 5, 'font:heading');
    expect(h.past).toEqual([0, 3, 4]);
  });

  it('ignores an edit that changes nothing, and keeps at most its limit of steps', () => {
    const h = historyOf('a');
    expect(record(h, 'a')).toBe(h);
    let long = historyOf(0);
    for (let i = 1; i <= 250; i++) long = record(long, i);
    expect(long.past.length).toBe(200);
    expect(long.past[0]).toBe(50);
  });

  it('undoes the first edit of a key to what it showed then, though a saved draft shows the edit now', () => {
    let h = historyOf<Record<string, string>>({});
    h = recordKey(h, 'theme', 'green', 'blue', 'color');
    h = recordKey(h, 'theme', 'green+lora', 'green', 'font');
    expect(h.present).toEqual({ theme: 'green+lora' });
    h = undo(undo(h));
    // Not `{}`, which would read as "the draft", by then the autosaved edit.
    expect(h.present).toEqual({ theme: 'blue' });
    h = redo(h);
    expect(h.present).toEqual({ theme: 'green' });
    // A key edited before keeps its own history; another key starts from what it showed.
    h = recordKey(h, 'layout', 'wide', 'narrow');
    expect(undo(h).present).toEqual({ theme: 'green', layout: 'narrow' });
  });
});
