/**
 * Generates the demo space's images into demo/assets/ (run: `npx tsx demo/images.ts`).
 *
 * Every picture is an SVG drawn here (gradients and soft shapes, no text, so no system font is
 * involved) and encoded by sharp. The shapes come from a seeded generator, so every run writes the
 * same bytes with the same sharp/libvips version. The output is committed; run this only to change it.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const outDir = join(dirname(fileURLToPath(import.meta.url)), 'assets');

type Format = 'jpeg' | 'png' | 'webp';
interface Picture {
  file: string;
  width: number;
  height: number;
  format: Format;
  svg: (w: number, h: number) => string;
}

/** Small deterministic PRNG (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const r1 = (n: number) => Math.round(n * 10) / 10;

function svg(w: number, h: number, defs: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs>${defs}<filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${r1(w / 90)}"/></filter><filter id="blur" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${r1(w / 25)}"/></filter></defs>${body}</svg>`;
}

function linear(id: string, stops: string[], x2 = 0, y2 = 1): string {
  const s = stops
    .map((c, i) => `<stop offset="${r1((i / (stops.length - 1)) * 100)}%" stop-color="${c}"/>`)
    .join('');
  return `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${s}</linearGradient>`;
}

function radial(id: string, inner: string, outer: string, opacityOuter = 0): string {
  return `<radialGradient id="${id}"><stop offset="0%" stop-color="${inner}"/><stop offset="100%" stop-color="${outer}" stop-opacity="${opacityOuter}"/></radialGradient>`;
}

/** A coffee bean: an ellipse with its curved centre cut. */
function bean(cx: number, cy: number, size: number, angle: number, fill: string, line: string): string {
  const rx = size * 0.62;
  const ry = size;
  const cut = `M ${r1(cx)} ${r1(cy - ry * 0.85)} C ${r1(cx - rx * 0.45)} ${r1(cy - ry * 0.3)}, ${r1(cx + rx * 0.45)} ${r1(cy + ry * 0.3)}, ${r1(cx)} ${r1(cy + ry * 0.85)}`;
  return `<g transform="rotate(${r1(angle)} ${r1(cx)} ${r1(cy)})"><ellipse cx="${r1(cx)}" cy="${r1(cy)}" rx="${r1(rx)}" ry="${r1(ry)}" fill="${fill}"/><path d="${cut}" fill="none" stroke="${line}" stroke-width="${r1(size * 0.12)}" stroke-linecap="round"/></g>`;
}

/** Rolling hills: a closed path along a smooth random ridge. */
function hill(
  w: number,
  h: number,
  base: number,
  amp: number,
  seed: number,
  fill: string,
  extra = '',
): string {
  const rnd = random(seed);
  const n = 6;
  const pts = Array.from({ length: n + 1 }, (_, i) => [(i / n) * w, base - rnd() * amp] as const);
  let d = `M 0 ${h} L 0 ${r1(pts[0]![1])}`;
  for (let i = 1; i < pts.length; i++) {
    const [px, py] = pts[i - 1]!;
    const [x, y] = pts[i]!;
    const mx = (px + x) / 2;
    d += ` C ${r1(mx)} ${r1(py)}, ${r1(mx)} ${r1(y)}, ${r1(x)} ${r1(y)}`;
  }
  d += ` L ${w} ${h} Z`;
  return `<path d="${d}" fill="${fill}" ${extra}/>`;
}

/** The Morgenrot mark: a sun rising over a horizon, inside a rounded square when `tile` is set. */
function mark(size: number, tile: boolean): string {
  const c = size / 2;
  const sunR = size * 0.26;
  const horizon = size * 0.62;
  const rays = Array.from({ length: 7 }, (_, i) => {
    const a = Math.PI + (i / 6) * Math.PI;
    const r0 = sunR + size * 0.06;
    const r2 = sunR + size * 0.15;
    return `<line x1="${r1(c + Math.cos(a) * r0)}" y1="${r1(horizon + Math.sin(a) * r0)}" x2="${r1(c + Math.cos(a) * r2)}" y2="${r1(horizon + Math.sin(a) * r2)}" stroke="${tile ? '#FFF4E6' : '#E9A23B'}" stroke-width="${r1(size * 0.055)}" stroke-linecap="round"/>`;
  }).join('');
  const bg = tile ? `<rect width="${size}" height="${size}" rx="${r1(size * 0.22)}" fill="url(#tile)"/>` : '';
  const sun = `<path d="M ${r1(c - sunR)} ${r1(horizon)} A ${r1(sunR)} ${r1(sunR)} 0 0 1 ${r1(c + sunR)} ${r1(horizon)} Z" fill="${tile ? '#FFF4E6' : 'url(#sun)'}"/>`;
  const line = `<rect x="${r1(size * 0.14)}" y="${r1(horizon + size * 0.05)}" width="${r1(size * 0.72)}" height="${r1(size * 0.06)}" rx="${r1(size * 0.03)}" fill="${tile ? '#FFF4E6' : '#2A1E17'}"/>`;
  const line2 = `<rect x="${r1(size * 0.3)}" y="${r1(horizon + size * 0.16)}" width="${r1(size * 0.4)}" height="${r1(size * 0.06)}" rx="${r1(size * 0.03)}" fill="${tile ? '#FFF4E6' : '#2A1E17'}" opacity="0.55"/>`;
  return svg(
    size,
    size,
    linear('tile', ['#C9553A', '#8E2F24']) + linear('sun', ['#E9A23B', '#B9472F']),
    bg + rays + sun + line + line2,
  );
}

function dawn(w: number, h: number): string {
  const rnd = random(7);
  const beans = Array.from({ length: 9 }, () =>
    bean(
      w * (0.05 + rnd() * 0.9),
      h * (0.78 + rnd() * 0.18),
      w * (0.018 + rnd() * 0.012),
      rnd() * 180,
      '#3B2117',
      '#1E100B',
    ),
  ).join('');
  return svg(
    w,
    h,
    linear('sky', ['#3E2346', '#8E3B46', '#D9643F', '#F2B05E', '#F8D9A0']) +
      radial('glow', '#FFE7B0', '#F2B05E'),
    `<rect width="${w}" height="${h}" fill="url(#sky)"/>` +
      `<circle cx="${w * 0.62}" cy="${h * 0.5}" r="${h * 0.42}" fill="url(#glow)" opacity="0.9"/>` +
      `<circle cx="${w * 0.62}" cy="${h * 0.48}" r="${h * 0.12}" fill="#FFF1D0" filter="url(#soft)"/>` +
      hill(w, h, h * 0.7, h * 0.12, 11, '#6E2E2F', 'opacity="0.75"') +
      hill(w, h, h * 0.8, h * 0.1, 12, '#4A1F22') +
      `<rect y="${h * 0.84}" width="${w}" height="${h * 0.16}" fill="#2E1712"/>` +
      beans,
  );
}

function depot(w: number, h: number): string {
  const windows: string[] = [];
  const cols = 5;
  const ww = w / (cols * 1.45);
  for (let i = 0; i < cols; i++) {
    const x = w * 0.08 + i * ww * 1.42;
    const y = h * 0.14;
    const wh = h * 0.5;
    windows.push(
      `<path d="M ${r1(x)} ${r1(y + ww / 2)} A ${r1(ww / 2)} ${r1(ww / 2)} 0 0 1 ${r1(x + ww)} ${r1(y + ww / 2)} L ${r1(x + ww)} ${r1(y + wh)} L ${r1(x)} ${r1(y + wh)} Z" fill="url(#window)"/>`,
      `<rect x="${r1(x + ww / 2 - 3)}" y="${r1(y)}" width="6" height="${r1(wh)}" fill="#3A2A22" opacity="0.6"/>`,
      `<rect x="${r1(x)}" y="${r1(y + wh * 0.55)}" width="${r1(ww)}" height="6" fill="#3A2A22" opacity="0.6"/>`,
    );
  }
  return svg(
    w,
    h,
    linear('wall', ['#5B4436', '#7A5A45', '#9C7457']) +
      linear('window', ['#FFF3D6', '#F6C98A', '#E9A23B']) +
      linear('floor', ['#6B4A36', '#2F1F17']) +
      radial('light', '#FFE3B0', '#FFE3B0'),
    `<rect width="${w}" height="${h}" fill="url(#wall)"/>` +
      windows.join('') +
      `<ellipse cx="${w * 0.5}" cy="${h * 0.8}" rx="${w * 0.55}" ry="${h * 0.22}" fill="url(#light)" opacity="0.35"/>` +
      `<rect y="${h * 0.72}" width="${w}" height="${h * 0.28}" fill="url(#floor)"/>` +
      // The drum roaster: a soft rounded body, a hopper and a cooling tray.
      `<rect x="${w * 0.58}" y="${h * 0.44}" width="${w * 0.22}" height="${h * 0.3}" rx="${w * 0.03}" fill="#1F1713"/>` +
      `<circle cx="${w * 0.69}" cy="${h * 0.57}" r="${h * 0.08}" fill="#B9472F"/>` +
      `<path d="M ${w * 0.64} ${h * 0.44} L ${w * 0.62} ${h * 0.34} L ${w * 0.76} ${h * 0.34} L ${w * 0.74} ${h * 0.44} Z" fill="#2A1E17"/>` +
      `<ellipse cx="${w * 0.52}" cy="${h * 0.74}" rx="${w * 0.09}" ry="${h * 0.035}" fill="#3B2117"/>` +
      `<ellipse cx="${w * 0.5}" cy="${h * 0.25}" rx="${w * 0.4}" ry="${h * 0.2}" fill="#FFE9C4" opacity="0.18" filter="url(#blur)"/>`,
  );
}

function pourOver(w: number, h: number): string {
  const cx = w * 0.56;
  return svg(
    w,
    h,
    linear('bg', ['#E9DCCB', '#D3BBA0', '#A98262']) +
      linear('cone', ['#FAF6F0', '#E6DCCF']) +
      linear('coffee', ['#5A3220', '#2A150C']) +
      radial('steam', '#FFFFFF', '#FFFFFF'),
    `<rect width="${w}" height="${h}" fill="url(#bg)"/>` +
      `<circle cx="${w * 0.2}" cy="${h * 0.25}" r="${h * 0.3}" fill="#F6EEE4" opacity="0.5" filter="url(#blur)"/>` +
      `<rect y="${h * 0.8}" width="${w}" height="${h * 0.2}" fill="#7C5A43" opacity="0.55"/>` +
      // Glass server with coffee, then the dripper on top.
      `<rect x="${cx - w * 0.11}" y="${h * 0.5}" width="${w * 0.22}" height="${h * 0.32}" rx="${w * 0.04}" fill="#FFFFFF" opacity="0.35"/>` +
      `<rect x="${cx - w * 0.1}" y="${h * 0.64}" width="${w * 0.2}" height="${h * 0.17}" rx="${w * 0.035}" fill="url(#coffee)"/>` +
      `<path d="M ${cx - w * 0.14} ${h * 0.22} L ${cx + w * 0.14} ${h * 0.22} L ${cx + w * 0.03} ${h * 0.47} L ${cx - w * 0.03} ${h * 0.47} Z" fill="url(#cone)"/>` +
      `<rect x="${cx - w * 0.15}" y="${h * 0.2}" width="${w * 0.3}" height="${h * 0.03}" rx="${h * 0.015}" fill="#FFFFFF"/>` +
      `<rect x="${cx - w * 0.07}" y="${h * 0.47}" width="${w * 0.14}" height="${h * 0.03}" rx="${h * 0.015}" fill="#F2EAE0"/>` +
      // The kettle (mostly out of frame), its spout and the thin stream of water.
      `<rect x="${-w * 0.1}" y="${-h * 0.14}" width="${w * 0.33}" height="${h * 0.25}" rx="${h * 0.08}" fill="#2A1E17"/>` +
      `<rect x="${w * 0.02}" y="${h * 0.085}" width="${w * 0.16}" height="${h * 0.012}" rx="3" fill="#4A3A30"/>` +
      `<path d="M ${w * 0.22} ${h * 0.05} Q ${w * 0.36} ${h * 0.06}, ${w * 0.46} ${h * 0.14}" stroke="#2A1E17" stroke-width="${w * 0.018}" fill="none" stroke-linecap="round"/>` +
      `<path d="M ${w * 0.465} ${h * 0.15} Q ${w * 0.5} ${h * 0.19}, ${w * 0.52} ${h * 0.25}" stroke="#E8F1F4" stroke-width="5" fill="none" opacity="0.9"/>` +
      `<ellipse cx="${cx + w * 0.05}" cy="${h * 0.12}" rx="${w * 0.05}" ry="${h * 0.1}" fill="url(#steam)" opacity="0.35" filter="url(#soft)"/>`,
  );
}

function hills(w: number, h: number): string {
  return svg(
    w,
    h,
    linear('sky', ['#BFD8D2', '#E8E2C8', '#F6D7A7']) + radial('sun', '#FFF6DC', '#FFF6DC'),
    `<rect width="${w}" height="${h}" fill="url(#sky)"/>` +
      `<circle cx="${w * 0.78}" cy="${h * 0.22}" r="${h * 0.16}" fill="url(#sun)"/>` +
      hill(w, h, h * 0.45, h * 0.14, 21, '#9DB8A0', 'opacity="0.8"') +
      `<rect y="${h * 0.38}" width="${w}" height="${h * 0.12}" fill="#F4F1E6" opacity="0.45" filter="url(#blur)"/>` +
      hill(w, h, h * 0.58, h * 0.16, 22, '#6F9A72') +
      hill(w, h, h * 0.72, h * 0.14, 23, '#4D7A52') +
      hill(w, h, h * 0.88, h * 0.12, 24, '#2F5638') +
      // Rows of coffee shrubs on the nearest slope.
      Array.from(
        { length: 14 },
        (_, i) =>
          `<ellipse cx="${r1(w * (0.04 + i * 0.07))}" cy="${r1(h * (0.9 + (i % 2) * 0.03))}" rx="${r1(w * 0.03)}" ry="${r1(h * 0.03)}" fill="#24452B"/>`,
      ).join(''),
  );
}

function cupping(w: number, h: number): string {
  const cups: string[] = [];
  for (let row = 0; row < 2; row++) {
    for (let col = 0; col < 4; col++) {
      const cx = w * (0.2 + col * 0.2) + (row ? w * 0.1 : 0);
      const cy = h * (0.33 + row * 0.36);
      const r = h * 0.12;
      cups.push(
        `<circle cx="${r1(cx + r * 0.12)}" cy="${r1(cy + r * 0.16)}" r="${r1(r)}" fill="#6E5643" opacity="0.25" filter="url(#soft)"/>`,
        `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r)}" fill="#FBF7F2"/>`,
        `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r * 0.78)}" fill="url(#brew)"/>`,
        `<ellipse cx="${r1(cx - r * 0.25)}" cy="${r1(cy - r * 0.3)}" rx="${r1(r * 0.22)}" ry="${r1(r * 0.1)}" fill="#E6B07A" opacity="0.5"/>`,
      );
    }
  }
  return svg(
    w,
    h,
    linear('table', ['#D8C2A8', '#C6A887', '#B08F6E'], 1, 1) + radial('brew', '#6B3A22', '#3A1E12', 1),
    `<rect width="${w}" height="${h}" fill="url(#table)"/>` +
      `<path d="M 0 ${h * 0.5} L ${w} ${h * 0.42}" stroke="#FFFFFF" stroke-opacity="0.12" stroke-width="${h * 0.2}" filter="url(#blur)"/>` +
      cups.join('') +
      `<rect x="${w * 0.86}" y="${h * 0.08}" width="${w * 0.025}" height="${h * 0.5}" rx="${w * 0.012}" fill="#C0C6C8" transform="rotate(18 ${w * 0.87} ${h * 0.3})"/>`,
  );
}

function parcels(w: number, h: number): string {
  const rnd = random(31);
  const boxes: string[] = [];
  const stacks = [
    [0.14, 3],
    [0.4, 2],
    [0.66, 4],
  ] as const;
  for (const [x0, count] of stacks) {
    let y = h * 0.86;
    for (let i = 0; i < count; i++) {
      const bw = w * (0.2 - i * 0.015);
      const bh = h * (0.15 + rnd() * 0.05);
      y -= bh;
      const x = w * x0 + (w * 0.2 - bw) / 2 + (rnd() - 0.5) * w * 0.02;
      boxes.push(
        `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(bw)}" height="${r1(bh)}" rx="6" fill="${i % 2 ? '#C99A6B' : '#B8865A'}"/>`,
        `<rect x="${r1(x + bw * 0.44)}" y="${r1(y)}" width="${r1(bw * 0.12)}" height="${r1(bh)}" fill="#E9D6B8" opacity="0.7"/>`,
        `<rect x="${r1(x + bw * 0.1)}" y="${r1(y + bh * 0.3)}" width="${r1(bw * 0.22)}" height="${r1(bh * 0.3)}" rx="3" fill="#FBF7F2" opacity="0.85"/>`,
      );
    }
  }
  return svg(
    w,
    h,
    linear('bg', ['#F1E4D3', '#E4CDB2']) + radial('light', '#FFF8EC', '#FFF8EC'),
    `<rect width="${w}" height="${h}" fill="url(#bg)"/>` +
      `<circle cx="${w * 0.85}" cy="${h * 0.15}" r="${h * 0.45}" fill="url(#light)"/>` +
      `<rect y="${h * 0.86}" width="${w}" height="${h * 0.14}" fill="#8F6B4E" opacity="0.55"/>` +
      boxes.join(''),
  );
}

function coffeeBag(bg: [string, string], bag: string, label: string, seed: number) {
  return (w: number, h: number): string => {
    const rnd = random(seed);
    const beans = Array.from({ length: 7 }, () =>
      bean(
        w * (0.1 + rnd() * 0.8),
        h * (0.84 + rnd() * 0.1),
        w * (0.03 + rnd() * 0.012),
        rnd() * 180,
        '#4A2A1B',
        '#24130C',
      ),
    ).join('');
    const x = w * 0.24;
    const bw = w * 0.52;
    const y = h * 0.16;
    const bh = h * 0.64;
    return svg(
      w,
      h,
      linear('bg', bg) + linear('bag', [bag, bag, '#00000033']),
      `<rect width="${w}" height="${h}" fill="url(#bg)"/>` +
        `<ellipse cx="${w * 0.5}" cy="${y + bh}" rx="${bw * 0.6}" ry="${h * 0.03}" fill="#000000" opacity="0.18" filter="url(#soft)"/>` +
        `<path d="M ${x} ${y + bh} L ${x + bw * 0.04} ${y + h * 0.04} L ${x + bw * 0.96} ${y + h * 0.04} L ${x + bw} ${y + bh} Z" fill="${bag}"/>` +
        `<rect x="${x + bw * 0.02}" y="${y}" width="${bw * 0.96}" height="${h * 0.06}" rx="4" fill="${bag}" stroke="#00000022"/>` +
        `<rect x="${x + bw * 0.16}" y="${y + bh * 0.32}" width="${bw * 0.68}" height="${bh * 0.4}" rx="8" fill="${label}"/>` +
        `<circle cx="${w * 0.5}" cy="${y + bh * 0.46}" r="${bw * 0.12}" fill="#FBF7F2" opacity="0.9"/>` +
        `<rect x="${x + bw * 0.28}" y="${y + bh * 0.6}" width="${bw * 0.44}" height="${bh * 0.03}" rx="3" fill="#FBF7F2" opacity="0.8"/>` +
        beans,
    );
  };
}

function avatar(bg: [string, string], skin: string, hair: string, shirt: string, long: boolean) {
  return (w: number, h: number): string =>
    svg(
      w,
      h,
      linear('bg', bg, 1, 1),
      `<rect width="${w}" height="${h}" fill="url(#bg)"/>` +
        `<circle cx="${w * 0.5}" cy="${h * 0.2}" r="${w * 0.45}" fill="#FFFFFF" opacity="0.18" filter="url(#blur)"/>` +
        (long
          ? `<path d="M ${w * 0.28} ${h * 0.42} Q ${w * 0.26} ${h * 0.72}, ${w * 0.36} ${h * 0.76} L ${w * 0.64} ${h * 0.76} Q ${w * 0.74} ${h * 0.72}, ${w * 0.72} ${h * 0.42} Z" fill="${hair}"/>`
          : '') +
        `<path d="M ${w * 0.14} ${h} Q ${w * 0.16} ${h * 0.68}, ${w * 0.5} ${h * 0.66} Q ${w * 0.84} ${h * 0.68}, ${w * 0.86} ${h} Z" fill="${shirt}"/>` +
        `<rect x="${w * 0.44}" y="${h * 0.52}" width="${w * 0.12}" height="${h * 0.16}" rx="${w * 0.04}" fill="${skin}"/>` +
        `<ellipse cx="${w * 0.5}" cy="${h * 0.42}" rx="${w * 0.17}" ry="${h * 0.2}" fill="${skin}"/>` +
        `<path d="M ${w * 0.32} ${h * 0.4} Q ${w * 0.3} ${h * 0.2}, ${w * 0.5} ${h * 0.2} Q ${w * 0.7} ${h * 0.2}, ${w * 0.68} ${h * 0.4} Q ${w * 0.6} ${h * 0.28}, ${w * 0.32} ${h * 0.4} Z" fill="${hair}"/>`,
    );
}

function pattern(w: number, h: number): string {
  const rnd = random(41);
  const beans: string[] = [];
  const step = w / 6;
  for (let gy = 0; gy < 6; gy++) {
    for (let gx = 0; gx < 6; gx++) {
      const cx = gx * step + step / 2 + (rnd() - 0.5) * step * 0.3;
      const cy = gy * step + step / 2 + (rnd() - 0.5) * step * 0.3;
      beans.push(bean(cx, cy, step * 0.18, rnd() * 180, '#E9DCCB', '#D9C7B1'));
    }
  }
  return svg(w, h, '', `<rect width="${w}" height="${h}" fill="#F3EBE1"/>${beans.join('')}`);
}

function share(w: number, h: number): string {
  const m = h * 0.5;
  return svg(
    w,
    h,
    linear('sky', ['#3E2346', '#8E3B46', '#D9643F', '#F2B05E'], 1, 1) + radial('glow', '#FFE7B0', '#F2B05E'),
    `<rect width="${w}" height="${h}" fill="url(#sky)"/>` +
      `<circle cx="${w * 0.5}" cy="${h * 0.6}" r="${h * 0.55}" fill="url(#glow)" opacity="0.6"/>` +
      hill(w, h, h * 0.85, h * 0.08, 51, '#4A1F22', 'opacity="0.8"') +
      `<rect x="${w / 2 - m / 2}" y="${h / 2 - m / 2}" width="${m}" height="${m}" rx="${m * 0.22}" fill="#FBF7F2" opacity="0.95"/>` +
      `<g transform="translate(${w / 2 - m / 2} ${h / 2 - m / 2})">${mark(m, false)
        .replace(/^<svg[^>]*>/, '')
        .replace(/<\/svg>$/, '')}</g>`,
  );
}

const pictures: Picture[] = [
  { file: 'hero-dawn.jpg', width: 1600, height: 1000, format: 'jpeg', svg: dawn },
  { file: 'tram-depot.jpg', width: 1600, height: 1000, format: 'jpeg', svg: depot },
  { file: 'pour-over.jpg', width: 1600, height: 1000, format: 'jpeg', svg: pourOver },
  { file: 'huila-hills.jpg', width: 1600, height: 1000, format: 'jpeg', svg: hills },
  { file: 'cupping-table.jpg', width: 1600, height: 1000, format: 'jpeg', svg: cupping },
  { file: 'parcels.jpg', width: 1600, height: 1000, format: 'jpeg', svg: parcels },
  {
    file: 'coffee-huila.jpg',
    width: 960,
    height: 1200,
    format: 'jpeg',
    svg: coffeeBag(['#F4E6D4', '#E8CDAE'], '#B9472F', '#7E2C1E', 61),
  },
  {
    file: 'coffee-konga.jpg',
    width: 960,
    height: 1200,
    format: 'jpeg',
    svg: coffeeBag(['#E6E3F0', '#CFC6E0'], '#5B4A7A', '#3A2E52', 62),
  },
  {
    file: 'coffee-depot-espresso.jpg',
    width: 960,
    height: 1200,
    format: 'jpeg',
    svg: coffeeBag(['#E3EDE4', '#C5D9C8'], '#2F3A33', '#E9A23B', 63),
  },
  {
    file: 'avatar-lena.jpg',
    width: 480,
    height: 480,
    format: 'jpeg',
    svg: avatar(['#F2B05E', '#D9643F'], '#F1C7A5', '#7A3B1E', '#2F3A33', true),
  },
  {
    file: 'avatar-jonas.jpg',
    width: 480,
    height: 480,
    format: 'jpeg',
    svg: avatar(['#BFD8D2', '#6F9A72'], '#E8B893', '#3B2A20', '#B9472F', false),
  },
  {
    file: 'avatar-amara.jpg',
    width: 480,
    height: 480,
    format: 'jpeg',
    svg: avatar(['#CFC6E0', '#8E3B46'], '#8A5A3C', '#1E1410', '#E9A23B', true),
  },
  { file: 'logo.png', width: 256, height: 256, format: 'png', svg: (w) => mark(w, false) },
  { file: 'favicon.png', width: 64, height: 64, format: 'png', svg: (w) => mark(w, true) },
  { file: 'share.jpg', width: 1200, height: 630, format: 'jpeg', svg: share },
  { file: 'bean-pattern.webp', width: 720, height: 720, format: 'webp', svg: pattern },
];

async function render(p: Picture): Promise<Buffer> {
  const image = sharp(Buffer.from(p.svg(p.width, p.height)), { density: 72 }).resize(p.width, p.height);
  if (p.format === 'png') return image.png({ compressionLevel: 9, palette: true }).toBuffer();
  if (p.format === 'webp') return image.webp({ quality: 70, effort: 6 }).toBuffer();
  return image.flatten({ background: '#FFFFFF' }).jpeg({ quality: 70, mozjpeg: true }).toBuffer();
}

async function main(): Promise<void> {
  await mkdir(outDir, { recursive: true });
  let total = 0;
  for (const p of pictures) {
    const bytes = await render(p);
    await writeFile(join(outDir, p.file), bytes);
    total += bytes.length;
    console.log(`${p.file.padEnd(28)} ${p.width}x${p.height} ${(bytes.length / 1024).toFixed(1)} KiB`);
  }
  console.log(`total ${(total / 1024).toFixed(1)} KiB in ${outDir}`);
}

await main();
