/**
 * The island contract, imported by the server renderer and the browser runtime alike: an element with
 * `data-island="<name>"` is enhanced by the script of that island; its props travel as data attributes.
 * Without script the element's plain HTML (links, a form posting to its action) still works.
 */
export const ISLAND_ATTR = 'data-island';
export const islandNames = ['menu', 'form'] as const;
export type IslandName = (typeof islandNames)[number];

/** Menu island: the toggle button controls the element named by its aria-controls. */
export const MENU_TOGGLE_ATTR = 'data-menu-toggle';
/** Menu island: how the menu collapses on small screens (`burger`, `panel`) and the submenu behaviour. */
export const MENU_MOBILE_ATTR = 'data-menu-mobile';
export const MENU_VARIANT_ATTR = 'data-menu-variant';

/** Form island: where per-field and form-level messages go. */
export const FORM_MESSAGE_ATTR = 'data-form-message';
export const FORM_FIELD_ERROR_ATTR = 'data-field-error';

/*
 * Menu markup (the renderer writes it, the compiler styles it, the menu island drives it). `d` is the
 * menu design key (null without a design), `id` a page-unique id of the menu node:
 *
 *   <nav class="<nodeClass> <menuClass(d,'root')>" aria-label="…"
 *        data-island="menu" data-menu-variant="dropdown" data-menu-mobile="burger">  (island attrs: menuIsIsland)
 *     <button type="button" class="<menuClass(d,'mobileButton')>" data-menu-toggle="panel"
 *             aria-expanded="false" aria-controls="<id>-panel">Menu</button>         (burger and panel only)
 *     <div id="<id>-panel" class="<menuClass(d,'panel')>">
 *       <button type="button" class="<menuClass(d,'close')>" data-menu-close>Close</button>  (panel only, optional)
 *       <ul class="<menuClass(d,'menu')>">
 *         <li class="<menuClass(d,'item')>">
 *           <a href="…" class="<menuClass(d,'current')>" aria-current="page">…</a>   (current class on the current entry only)
 *           <button type="button" class="<menuClass(d,'toggle')>" data-menu-toggle="submenu"
 *                   aria-expanded="false" aria-controls="<id>-sub-<itemId>" aria-label="…"></button>
 *                                          (dropdown and mega: top-level entries with children only)
 *           <ul id="<id>-sub-<itemId>" class="<menuClass(d,'level')>"> …items… </ul>
 *         </li>
 *       </ul>
 *     </div>
 *   </nav>
 *
 * Without script every link is in the page: submenus open on hover and focus, a collapsed menu is
 * shown as a list and the buttons are hidden. The island marks the root `data-menu-ready`, then the
 * buttons show and `data-open` on a controlled element opens it.
 */

/** Values of MENU_TOGGLE_ATTR: the button opening the collapsed menu, or one entry's submenu. */
export type MenuToggleKind = 'panel' | 'submenu';
/** Set by the island on the menu root once it drives the menu (the CSS switches to script mode). */
export const MENU_READY_ATTR = 'data-menu-ready';
/** Set by the island on an open panel or submenu (the element a toggle's aria-controls names). */
export const MENU_OPEN_ATTR = 'data-open';
/** A button inside an open panel that closes it. */
export const MENU_CLOSE_ATTR = 'data-menu-close';

/** The menu-design fields that decide whether a menu needs its island. */
export interface MenuIslandInput {
  variant: 'bar' | 'list' | 'dropdown' | 'mega' | 'columns';
  mobile?: { behaviour: 'keep' | 'burger' | 'panel' } | undefined;
}

/** Dropdown and mega menus (submenu toggles) and burger or panel menus are islands; the rest is plain HTML. */
export function menuIsIsland(design: MenuIslandInput | null | undefined): boolean {
  if (!design) return false;
  const behaviour = design.mobile?.behaviour ?? 'keep';
  return design.variant === 'dropdown' || design.variant === 'mega' || behaviour !== 'keep';
}

/** Whether a variant's top-level entries with children get a submenu toggle button. */
export function menuHasSubmenuToggles(variant: MenuIslandInput['variant']): boolean {
  return variant === 'dropdown' || variant === 'mega';
}

/*
 * Form markup: the form posts to its endpoint without script (method="post", labels tied to inputs,
 * `required`, `type`, `maxlength`); the island takes over validation and submits with fetch.
 *
 *   <form class="<nodeClass>" method="post" action="/_cms/forms/<kind>/<key>/<nodeId>" data-island="form">
 *     <label for="<fid>">E-mail</label>
 *     <input id="<fid>" name="email" type="email" required aria-describedby="<fid>-error">
 *     <p id="<fid>-error" data-field-error="email" hidden></p>       (one per field, value = field name)
 *     <button type="submit" class="v-button">Send</button>
 *     <div data-form-message role="status" aria-live="polite"></div>  (the formMessage node)
 *   </form>
 *
 * The endpoint answers `Accept: application/json` posts with `{ ok, message?, errors? }` (errors:
 * field name → message). When fetch itself fails (offline, blocked), the island posts the form the
 * plain way. Optional per-form texts in the page's locale (else the browser's own, or English):
 */
export const FORM_ERROR_REQUIRED_ATTR = 'data-error-required';
export const FORM_ERROR_EMAIL_ATTR = 'data-error-email';
export const FORM_ERROR_TOO_LONG_ATTR = 'data-error-too-long';
/** Shown when the endpoint answers something that is not JSON (an error page): the post is not repeated. */
export const FORM_ERROR_FAILED_ATTR = 'data-error-failed';

/** The JSON answer of a form endpoint to a script submission. */
export interface FormAnswer {
  ok: boolean;
  message?: string;
  errors?: Record<string, string>;
}
