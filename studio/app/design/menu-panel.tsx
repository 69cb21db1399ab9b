/** @jsxImportSource hono/jsx/dom */
import { MENU_VARIANTS, type MenuDesign } from '../../../core/designs/index.ts';

/**
 * A menu design is no node tree: its variant, depth and mobile behaviour (designs.md, "Menu
 * designs"). The canvas draws the space's first menu in it.
 */
export function MenuPanel(props: { design: MenuDesign; onEdit: (next: MenuDesign, group: string) => void }) {
  const d = props.design;
  const mobile = d.mobile ?? { behaviour: 'keep' as const, collapseAt: 'mobile' as const };
  const value = (e: Event) => (e.target as HTMLSelectElement).value;
  return (
    <section class="menu-panel" aria-labelledby="menu-title">
      <h2 id="menu-title">Menu design</h2>
      <div class="row">
        <label for="menu-variant">Variant</label>
        <select
          id="menu-variant"
          onChange={(e: Event) =>
            props.onEdit({ ...d, variant: value(e) as MenuDesign['variant'] }, 'menu:variant')
          }
        >
          {MENU_VARIANTS.map((v) => (
            <option key={v} value={v} selected={v === d.variant}>
              {v}
            </option>
          ))}
        </select>
      </div>
      <div class="row">
        <label for="menu-depth">Depth</label>
        <select
          id="menu-depth"
          onChange={(e: Event) => props.onEdit({ ...d, depth: Number(value(e)) }, 'menu:depth')}
        >
          {[1, 2, 3, 4].map((n) => (
            <option key={n} value={String(n)} selected={n === d.depth}>
              {n}
            </option>
          ))}
        </select>
      </div>
      <div class="row">
        <label for="menu-mobile">On small screens</label>
        <select
          id="menu-mobile"
          onChange={(e: Event) =>
            props.onEdit(
              { ...d, mobile: { ...mobile, behaviour: value(e) as 'keep' | 'burger' | 'panel' } },
              'menu:mobile',
            )
          }
        >
          {(['keep', 'burger', 'panel'] as const).map((b) => (
            <option key={b} value={b} selected={b === mobile.behaviour}>
              {b}
            </option>
          ))}
        </select>
      </div>
      <div class="row">
        <label for="menu-collapse">Collapses at</label>
        <select
          id="menu-collapse"
          onChange={(e: Event) =>
            props.onEdit(
              { ...d, mobile: { ...mobile, collapseAt: value(e) as 'tablet' | 'mobile' } },
              'menu:collapse',
            )
          }
        >
          {(['tablet', 'mobile'] as const).map((b) => (
            <option key={b} value={b} selected={b === mobile.collapseAt}>
              {b}
            </option>
          ))}
        </select>
      </div>
    </section>
  );
}
