/** The focal point of an image from a click on it, or from the arrow keys: fractions 0–1, as the space format keeps them. */

export interface Focal {
  x: number;
  y: number;
}

const clamp = (n: number) => Math.min(1, Math.max(0, n));
/** Three decimals: a thousandth of the width is finer than any crop needs. */
const round = (n: number) => Math.round(clamp(n) * 1000) / 1000;

export function focalFromClick(
  clientX: number,
  clientY: number,
  box: { left: number; top: number; width: number; height: number },
): Focal {
  if (box.width <= 0 || box.height <= 0) return { x: 0.5, y: 0.5 };
  return { x: round((clientX - box.left) / box.width), y: round((clientY - box.top) / box.height) };
}

/** Arrow keys move the point by 5 % (1 % with Shift); other keys give null. */
export function focalFromKey(current: Focal | null, key: string, fine = false): Focal | null {
  const step = fine ? 0.01 : 0.05;
  const p = current ?? { x: 0.5, y: 0.5 };
  switch (key) {
    case 'ArrowLeft':
      return { x: round(p.x - step), y: p.y };
    case 'ArrowRight':
      return { x: round(p.x + step), y: p.y };
    case 'ArrowUp':
      return { x: p.x, y: round(p.y - step) };
    case 'ArrowDown':
      return { x: p.x, y: round(p.y + step) };
    default:
      return null;
  }
}

export const focalWords = (p: Focal | null): string =>
  p
    ? `${Math.round(p.x * 100)} % from the left, ${Math.round(p.y * 100)} % from the top`
    : 'not set (centre)';
