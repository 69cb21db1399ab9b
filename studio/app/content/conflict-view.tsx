/** @jsxImportSource hono/jsx/dom */

import { useEffect, useRef } from 'hono/jsx/dom';
import type { FieldDef } from '../../../core/space-format/field-defs.ts';
import { type ConflictNames, type ConflictSide, conflictRows } from '../../logic/conflict-rows.ts';

/**
 * Both versions after a 409, field by field (studio/logic/conflict-rows.ts): the label, the editor's value
 * and the one saved meanwhile as text, the rows that differ marked (in words too, for screen readers). The
 * editor keeps theirs or takes the other. As an alert dialog it takes the focus when it appears, so that a
 * screen reader says what happened and the keyboard is in it; the field being typed in can no longer save.
 */
export function ConflictView(p: {
  mine: ConflictSide;
  theirs: ConflictSide;
  defs: FieldDef[];
  names: ConflictNames;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
}) {
  const rows = conflictRows(p.mine, p.theirs, p.defs, p.names);
  const differing = rows.filter((r) => r.differs).length;
  const self = useRef<HTMLElement | null>(null);
  useEffect(() => self.current?.focus(), []);
  return (
    <section
      ref={self}
      tabIndex={-1}
      class="conflict"
      role="alertdialog"
      aria-labelledby="conflict-title"
      aria-describedby="conflict-sum"
      id="conflict"
    >
      <h2 id="conflict-title">Someone else saved this document while you were writing</h2>
      <p id="conflict-sum">
        {differing === 1 ? 'One field differs' : `${differing} fields differ`} (marked). Keep your version, or
        take theirs.
      </p>
      <table class="conflict-table">
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Your version</th>
            <th scope="col">Their version</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.name} class={r.differs ? 'differs' : undefined} data-field={r.name}>
              <th scope="row">
                {r.label}
                {r.differs ? <span class="visually-hidden"> (differs)</span> : null}
              </th>
              <td>{r.mine || <span class="empty">empty</span>}</td>
              <td>{r.theirs || <span class="empty">empty</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div class="row-buttons">
        <button type="button" id="keep-mine" onClick={p.onKeepMine}>
          Keep mine
        </button>
        <button type="button" id="take-theirs" onClick={p.onTakeTheirs}>
          Take theirs
        </button>
      </div>
    </section>
  );
}
