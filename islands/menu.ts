import {
  ISLAND_ATTR,
  MENU_CLOSE_ATTR,
  MENU_OPEN_ATTR,
  MENU_READY_ATTR,
  MENU_TOGGLE_ATTR,
  type MenuToggleKind,
} from './contract.ts';

/**
 * The menu island: disclosure buttons for submenus and for the collapsed menu (burger or side panel),
 * following the markup of contract.ts. A button's `aria-expanded` and its target's `data-open` always
 * agree; Escape closes and gives focus back to the button; a click outside closes; arrow keys move
 * through an open submenu; an open side panel keeps focus inside until it closes. Plain DOM, no
 * framework: the budget is 4 KB gzipped.
 */

const FOCUSABLE =
  'a[href],button:not([disabled]),input:not([disabled]),select,textarea,[tabindex]:not([tabindex="-1"])';

function enhance(root: HTMLElement): void {
  const toggles = [...root.querySelectorAll<HTMLButtonElement>(`button[${MENU_TOGGLE_ATTR}]`)];
  const targetOf = (b: HTMLElement) => document.getElementById(b.getAttribute('aria-controls') ?? '');
  const kindOf = (b: HTMLElement) => b.getAttribute(MENU_TOGGLE_ATTR) as MenuToggleKind;
  const isOpen = (b: HTMLElement) => b.getAttribute('aria-expanded') === 'true';
  const visible = (el: HTMLElement) => el.getClientRects().length > 0;
  const focusables = (el: HTMLElement) => [...el.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(visible);
  // A side panel is a dialog while it is laid out as one (fixed, over the page): focus stays inside.
  const isModal = (b: HTMLElement) => {
    const target = targetOf(b);
    return kindOf(b) === 'panel' && isOpen(b) && !!target && getComputedStyle(target).position === 'fixed';
  };

  const setOpen = (b: HTMLButtonElement, open: boolean) => {
    const target = targetOf(b);
    if (!target) return;
    b.setAttribute('aria-expanded', String(open));
    target.toggleAttribute(MENU_OPEN_ATTR, open);
  };
  const closeAll = () => {
    for (const t of toggles) if (isOpen(t)) setOpen(t, false);
  };
  // The innermost open toggle whose button or target holds the element.
  const openToggleAround = (el: Element | null) =>
    toggles
      .filter((t) => isOpen(t) && (t === el || targetOf(t)?.contains(el)))
      .sort((a, b) => (targetOf(a)!.contains(targetOf(b)) ? 1 : -1))[0];

  for (const b of toggles) {
    b.addEventListener('click', () => {
      const open = !isOpen(b);
      // Opening one submenu closes its siblings (and whatever is open elsewhere in this menu).
      for (const t of toggles) if (t !== b && isOpen(t) && !targetOf(t)?.contains(b)) setOpen(t, false);
      setOpen(b, open);
      const target = targetOf(b);
      if (open && kindOf(b) === 'panel' && target) focusables(target)[0]?.focus();
    });
  }

  for (const close of root.querySelectorAll<HTMLElement>(`[${MENU_CLOSE_ATTR}]`)) {
    close.addEventListener('click', () => {
      const owner = toggles.find((t) => targetOf(t)?.contains(close));
      if (!owner) return;
      setOpen(owner, false);
      owner.focus();
    });
  }

  root.addEventListener('keydown', (e) => {
    const active = document.activeElement as HTMLElement | null;
    if (e.key === 'Escape') {
      const owner = openToggleAround(active) ?? toggles.find(isOpen);
      if (!owner) return;
      setOpen(owner, false);
      owner.focus();
      e.preventDefault();
      return;
    }
    if (e.key === 'Tab') {
      const panel = toggles.find(isModal);
      if (!panel) return;
      const ring = [panel, ...focusables(targetOf(panel)!)];
      const at = ring.indexOf(active as HTMLElement);
      const next = e.shiftKey ? (at <= 0 ? ring.length - 1 : at - 1) : at === ring.length - 1 ? 0 : at + 1;
      ring[next]!.focus();
      e.preventDefault();
      return;
    }
    if (!['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(e.key)) return;
    const button = active instanceof HTMLButtonElement && kindOf(active) === 'submenu' ? active : undefined;
    const owner = button ?? openToggleAround(active);
    if (!owner || kindOf(owner) !== 'submenu') return;
    if (!isOpen(owner)) owner.click();
    const links = focusables(targetOf(owner)!);
    if (links.length === 0) return;
    const at = links.indexOf(active as HTMLElement);
    const index =
      e.key === 'Home' || (button && e.key === 'ArrowDown')
        ? 0
        : e.key === 'End' || (button && e.key === 'ArrowUp')
          ? links.length - 1
          : (at + (e.key === 'ArrowDown' ? 1 : -1) + links.length) % links.length;
    links[index]!.focus();
    e.preventDefault();
  });

  // Focus or a click leaving the menu closes what is open (a modal panel keeps focus, see Tab above).
  root.addEventListener('focusout', (e) => {
    const next = e.relatedTarget as Node | null;
    if (next && !root.contains(next)) closeAll();
  });
  document.addEventListener('click', (e) => {
    if (!root.contains(e.target as Node)) closeAll();
  });

  root.setAttribute(MENU_READY_ATTR, '');
}

for (const root of document.querySelectorAll<HTMLElement>(`[${ISLAND_ATTR}="menu"]`)) enhance(root);
