/**
 * Draws the brand site's original artwork as SVG files in site/content/images/.
 * Astro's image pipeline (sharp) turns them into responsive AVIF/WebP at build time, so the SVGs are the
 * sources an operator may replace with photographs of the same name (or point the content at new files).
 *
 *   npm exec -- node scripts/brand-art.ts
 */
import fs from 'node:fs';
import path from 'node:path';

const outDir = path.resolve('site/content/images');

interface Palette {
  skyTop: string;
  skyBottom: string;
  sun: string;
  ground: string;
  panel: string;
  line: string;
  accent: string;
}

const palettes: Palette[] = [
  { skyTop: '#0b3d2e', skyBottom: '#2f7d5b', sun: '#f5b301', ground: '#08261d', panel: '#12324a', line: '#9fd3ff', accent: '#f5b301' },
  { skyTop: '#1d3b6e', skyBottom: '#f0a35e', sun: '#ffd36b', ground: '#2a2233', panel: '#18304f', line: '#a9d8ff', accent: '#ffb347' },
  { skyTop: '#7cc4e8', skyBottom: '#e8f6ff', sun: '#ffcc33', ground: '#4f8f3a', panel: '#1b3a5c', line: '#cfe9ff', accent: '#0b3d2e' },
  { skyTop: '#241a4a', skyBottom: '#6a3d8f', sun: '#f7e58b', ground: '#140f2b', panel: '#203a66', line: '#b8c9ff', accent: '#f5b301' },
  { skyTop: '#0f4c5c', skyBottom: '#5fb49c', sun: '#fff1a8', ground: '#0a3340', panel: '#143a52', line: '#b5f2ff', accent: '#ffd166' },
];

/** A small deterministic random source, so a rerun draws the same pictures. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const round = (value: number) => Math.round(value * 10) / 10;

function lattice(id: string, color: string, opacity: number, size = 24): string {
  const h = round(size * 0.866);
  return `<pattern id="${id}" width="${size * 3}" height="${h * 2}" patternUnits="userSpaceOnUse"><path d="M0 ${h}l${size / 2} -${h}h${size}l${size / 2} ${h}l-${size / 2} ${h}h-${size}zM${size * 1.5} ${h}h${size * 1.5}M${size * 1.5} ${h}l${size / 2} -${h}M${size * 1.5} ${h}l${size / 2} ${h}" fill="none" stroke="${color}" stroke-opacity="${opacity}" stroke-width="1.5"/></pattern>`;
}

function sky(w: number, h: number, p: Palette): string {
  return `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.skyTop}"/><stop offset="1" stop-color="${p.skyBottom}"/></linearGradient>${lattice('lat', p.accent, 0.18)}<radialGradient id="glow"><stop offset="0" stop-color="${p.sun}" stop-opacity="0.7"/><stop offset="1" stop-color="${p.sun}" stop-opacity="0"/></radialGradient></defs><rect width="${w}" height="${h}" fill="url(#sky)"/>`;
}

function sun(x: number, y: number, r: number, p: Palette): string {
  return `<circle cx="${x}" cy="${y}" r="${r * 2.4}" fill="url(#glow)"/><circle cx="${x}" cy="${y}" r="${r}" fill="${p.sun}"/>`;
}

function hills(w: number, h: number, base: number, color: string, rnd: () => number): string {
  let d = `M0 ${h}V${base}`;
  const steps = 6;
  for (let i = 1; i <= steps; i++) {
    const x = (w / steps) * i;
    const y = base - 30 - rnd() * 80;
    d += `Q${round(x - w / steps / 2)} ${round(y - 40)} ${round(x)} ${round(base - rnd() * 30)}`;
  }
  return `<path d="${d}V${h}z" fill="${color}" opacity="0.85"/>`;
}

/** A row of tilted solar panels in perspective, each with its cell grid. */
function panels(w: number, y: number, count: number, size: number, p: Palette): string {
  const gap = w / count;
  let out = '';
  for (let i = 0; i < count; i++) {
    const x = gap * i + gap * 0.1;
    const pw = gap * 0.8;
    const skew = size * 0.45;
    out += `<path d="M${round(x)} ${y}l${round(skew)} -${size}h${round(pw)}l-${round(skew)} ${size}z" fill="${p.panel}" stroke="${p.line}" stroke-width="2"/>`;
    for (let c = 1; c < 4; c++) {
      const cx = x + (pw / 4) * c;
      out += `<path d="M${round(cx)} ${y}l${round(skew)} -${size}" stroke="${p.line}" stroke-opacity="0.6"/>`;
    }
    out += `<path d="M${round(x + skew / 2)} ${round(y - size / 2)}h${round(pw)}" stroke="${p.line}" stroke-opacity="0.6"/>`;
    out += `<rect x="${round(x + pw / 2)}" y="${y}" width="4" height="${round(size * 0.35)}" fill="${p.line}" opacity="0.5"/>`;
  }
  return out;
}

function skyline(w: number, base: number, p: Palette, rnd: () => number): string {
  let out = '';
  let x = 0;
  while (x < w) {
    const bw = 40 + rnd() * 70;
    const bh = 80 + rnd() * 200;
    out += `<rect x="${round(x)}" y="${round(base - bh)}" width="${round(bw - 6)}" height="${round(bh)}" fill="${p.ground}" opacity="0.9"/>`;
    for (let wy = base - bh + 14; wy < base - 14; wy += 22) {
      for (let wx = x + 8; wx < x + bw - 18; wx += 16) {
        if (rnd() > 0.55) out += `<rect x="${round(wx)}" y="${round(wy)}" width="8" height="10" fill="${p.sun}" opacity="0.75"/>`;
      }
    }
    x += bw;
  }
  return out;
}

/** Server racks of an engine room, with status lights. */
function racks(w: number, h: number, p: Palette, rnd: () => number): string {
  let out = `<rect y="${round(h * 0.8)}" width="${w}" height="${round(h * 0.2)}" fill="${p.ground}"/>`;
  const count = 5;
  const rw = w / (count + 1);
  for (let i = 0; i < count; i++) {
    const x = rw * 0.5 + i * rw * 1.05;
    const top = h * 0.22;
    out += `<rect x="${round(x)}" y="${round(top)}" width="${round(rw * 0.85)}" height="${round(h * 0.6)}" rx="10" fill="${p.panel}" stroke="${p.line}" stroke-width="2"/>`;
    for (let s = 0; s < 8; s++) {
      const sy = top + 18 + s * ((h * 0.6 - 30) / 8);
      out += `<rect x="${round(x + 14)}" y="${round(sy)}" width="${round(rw * 0.85 - 28)}" height="12" rx="3" fill="${p.ground}" opacity="0.8"/>`;
      out += `<circle cx="${round(x + rw * 0.85 - 22)}" cy="${round(sy + 6)}" r="3.5" fill="${rnd() > 0.25 ? '#5ef08a' : p.accent}"/>`;
    }
  }
  return out;
}

/** A close view of the graphene honeycomb with a few glowing atoms. */
function honeycomb(w: number, h: number, p: Palette, rnd: () => number): string {
  let out = '';
  const size = 46;
  const dy = size * 0.866;
  for (let row = -1; row < h / dy + 1; row++) {
    for (let col = -1; col < w / (size * 3) + 1; col++) {
      const x = col * size * 3 + (row % 2 === 0 ? 0 : size * 1.5);
      const y = row * dy;
      out += `<path d="M${round(x)} ${round(y)}l${size / 2} -${round(dy)}h${size}l${size / 2} ${round(dy)}l-${size / 2} ${round(dy)}h-${size}z" fill="none" stroke="${p.line}" stroke-opacity="0.55" stroke-width="3"/>`;
      if (rnd() > 0.8) out += `<circle cx="${round(x)}" cy="${round(y)}" r="7" fill="${p.sun}"/>`;
    }
  }
  return out;
}

function phone(x: number, y: number, s: number, p: Palette): string {
  return `<rect x="${x}" y="${y}" width="${s}" height="${round(s * 1.9)}" rx="${round(s * 0.14)}" fill="#0c1116" stroke="${p.line}" stroke-width="3"/><rect x="${round(x + s * 0.08)}" y="${round(y + s * 0.16)}" width="${round(s * 0.84)}" height="${round(s * 1.55)}" rx="6" fill="${p.skyBottom}"/><path d="M${round(x + s * 0.2)} ${round(y + s * 1.3)}l${round(s * 0.15)} -${round(s * 0.3)} ${round(s * 0.15)} ${round(s * 0.15)} ${round(s * 0.15)} -${round(s * 0.45)} ${round(s * 0.15)} ${round(s * 0.25)}" fill="none" stroke="${p.sun}" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>`;
}

function signal(x: number, y: number, p: Palette): string {
  return [40, 80, 120]
    .map(
      (r) =>
        `<path d="M${x - r} ${y}a${r} ${r} 0 0 1 ${r * 2} 0" fill="none" stroke="${p.accent}" stroke-width="8" stroke-linecap="round" opacity="0.8"/>`,
    )
    .join('');
}

function storefront(w: number, h: number, p: Palette): string {
  const x = w * 0.18;
  const sw = w * 0.64;
  const top = h * 0.3;
  let out = `<rect x="${round(x)}" y="${round(top)}" width="${round(sw)}" height="${round(h * 0.55)}" fill="${p.panel}" stroke="${p.line}" stroke-width="3"/>`;
  const stripes = 8;
  for (let i = 0; i < stripes; i++) {
    out += `<path d="M${round(x + (sw / stripes) * i)} ${round(top)}h${round(sw / stripes)}l-10 ${round(h * 0.1)}h-${round(sw / stripes)}z" fill="${i % 2 ? p.accent : '#fff'}"/>`;
  }
  out += `<rect x="${round(x + sw * 0.1)}" y="${round(top + h * 0.18)}" width="${round(sw * 0.45)}" height="${round(h * 0.25)}" fill="${p.skyBottom}" opacity="0.9"/>`;
  out += `<rect x="${round(x + sw * 0.65)}" y="${round(top + h * 0.18)}" width="${round(sw * 0.22)}" height="${round(h * 0.37)}" fill="${p.ground}"/>`;
  return out;
}

function screen(w: number, h: number, p: Palette): string {
  return `<rect x="${round(w * 0.12)}" y="${round(h * 0.12)}" width="${round(w * 0.76)}" height="${round(h * 0.5)}" rx="16" fill="#0c1116" stroke="${p.line}" stroke-width="4"/><path d="M${round(w * 0.45)} ${round(h * 0.25)}v${round(h * 0.24)}l${round(w * 0.13)} -${round(h * 0.12)}z" fill="${p.sun}"/>${[0.2, 0.4, 0.6, 0.8].map((f) => `<circle cx="${round(w * f)}" cy="${round(h * 0.82)}" r="${round(h * 0.07)}" fill="${p.panel}" stroke="${p.line}" stroke-width="2"/>`).join('')}`;
}

type Scene = 'field' | 'roof' | 'lattice' | 'racks' | 'city' | 'store' | 'iot' | 'cinema';

function draw(scene: Scene, w: number, h: number, paletteIndex: number, seed: number): string {
  const p = palettes[paletteIndex % palettes.length] as Palette;
  const rnd = random(seed);
  let body = sky(w, h, p);
  switch (scene) {
    case 'field':
      body += sun(w * (0.2 + rnd() * 0.6), h * 0.25, h * 0.08, p) + hills(w, h, h * 0.6, p.ground, rnd);
      body += panels(w, round(h * 0.8), 4, h * 0.16, p) + panels(w, round(h * 0.98), 3, h * 0.2, p);
      break;
    case 'roof':
      body += sun(w * 0.8, h * 0.2, h * 0.07, p) + skyline(w, h * 0.75, p, rnd);
      body +=
        `<path d="M0 ${h}L${w * 0.15} ${h * 0.7}H${w * 0.85}L${w} ${h}z" fill="${p.ground}"/>` +
        panels(w * 0.9, round(h * 0.92), 3, h * 0.16, p);
      break;
    case 'lattice':
      body += honeycomb(w, h, p, rnd) + sun(w * 0.75, h * 0.3, h * 0.1, p);
      break;
    case 'racks':
      body += racks(w, h, p, rnd) + `<rect width="${w}" height="${h}" fill="url(#lat)"/>`;
      break;
    case 'city':
      body +=
        sun(w * 0.3, h * 0.3, h * 0.09, p) +
        skyline(w, h * 0.9, p, rnd) +
        `<rect y="${round(h * 0.9)}" width="${w}" height="${round(h * 0.1)}" fill="${p.ground}"/>`;
      break;
    case 'store':
      body += `<rect width="${w}" height="${h}" fill="url(#lat)"/>` + storefront(w, h, p) + sun(w * 0.88, h * 0.14, h * 0.06, p);
      break;
    case 'iot':
      body +=
        `<rect width="${w}" height="${h}" fill="url(#lat)"/>` +
        signal(w * 0.5, h * 0.42, p) +
        phone(round(w * 0.5 - h * 0.15), round(h * 0.45), round(h * 0.3), p);
      body += panels(w, round(h * 0.98), 5, h * 0.12, p);
      break;
    case 'cinema':
      body += screen(w, h, p) + `<rect width="${w}" height="${h}" fill="url(#lat)"/>`;
      break;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">${body}</svg>\n`;
}

const pictures: { name: string; scene: Scene; w: number; h: number; palette: number }[] = [
  { name: 'shopping-1', scene: 'field', w: 1200, h: 800, palette: 0 },
  { name: 'shopping-2', scene: 'lattice', w: 1200, h: 800, palette: 4 },
  { name: 'shopping-3', scene: 'racks', w: 1200, h: 800, palette: 3 },
  { name: 'shopping-4', scene: 'roof', w: 1200, h: 800, palette: 1 },
  { name: 'feature-thin', scene: 'lattice', w: 800, h: 600, palette: 2 },
  { name: 'feature-hosted', scene: 'racks', w: 800, h: 600, palette: 0 },
  { name: 'feature-metered', scene: 'field', w: 800, h: 600, palette: 4 },
  { name: 'fun-store', scene: 'store', w: 1200, h: 600, palette: 1 },
  { name: 'fun-iot', scene: 'iot', w: 1200, h: 600, palette: 4 },
  { name: 'fun-entertainment', scene: 'cinema', w: 1200, h: 600, palette: 3 },
  { name: 'fun-store-poster', scene: 'store', w: 900, h: 1400, palette: 1 },
  { name: 'fun-iot-poster', scene: 'iot', w: 900, h: 1400, palette: 4 },
];
const aboutScenes: Scene[] = ['field', 'roof', 'lattice', 'racks', 'city'];
for (let i = 1; i <= 15; i++) {
  pictures.push({
    name: `about-${String(i).padStart(2, '0')}`,
    scene: aboutScenes[(i - 1) % 5] as Scene,
    w: 1000,
    h: 700,
    palette: Math.floor((i - 1) / 5) + i,
  });
}

fs.mkdirSync(outDir, { recursive: true });
pictures.forEach((picture, index) => {
  fs.writeFileSync(path.join(outDir, `${picture.name}.svg`), draw(picture.scene, picture.w, picture.h, picture.palette, 1000 + index * 97));
});
console.log(`${pictures.length} pictures in ${path.relative(process.cwd(), outDir)}`);
