// Draws the home, news and store artwork as SVG and renders it to the raster files under public/.
// Run: node apps/web/art/draw-art.mjs (from the repository root). The palette follows public/brand/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { shopBanner, shopPackIds, shopProductIds, shopThumbnail } from './shop-art.mjs';

const publicDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public');
const ink = '#1b1140';
const gold = '#f5b731';
const cream = '#fff3c4';

// A small deterministic generator so that every run draws the same pictures.
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const gradient = (id, stops, vertical = true) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${vertical ? 0 : 1}" y2="${vertical ? 1 : 0}">${stops
    .map((color, i) => `<stop offset="${i / (stops.length - 1)}" stop-color="${color}"/>`)
    .join('')}</linearGradient>`;

const sparkle = (x, y, r, fill = '#fff', opacity = 1) =>
  `<path d="M${x} ${y - r}L${x + r * 0.25} ${y - r * 0.25}L${x + r} ${y}L${x + r * 0.25} ${y + r * 0.25}L${x} ${y + r}L${x - r * 0.25} ${y + r * 0.25}L${x - r} ${y}L${x - r * 0.25} ${y - r * 0.25}Z" fill="${fill}" opacity="${opacity}"/>`;

function stars(w, h, count, seed) {
  const next = random(seed);
  let out = '';
  for (let i = 0; i < count; i += 1) {
    const x = next() * w;
    const y = next() * h * 0.6;
    out +=
      i % 4 === 0
        ? sparkle(x, y, 4 + next() * 8, '#fff', 0.8)
        : `<circle cx="${x}" cy="${y}" r="${1 + next() * 2}" fill="#fff" opacity="${0.4 + next() * 0.5}"/>`;
  }
  return out;
}

const cloud = (x, y, s, fill = '#fff', opacity = 0.9) =>
  `<g opacity="${opacity}" fill="${fill}"><ellipse cx="${x}" cy="${y}" rx="${60 * s}" ry="${24 * s}"/><circle cx="${x - 24 * s}" cy="${y - 14 * s}" r="${24 * s}"/><circle cx="${x + 14 * s}" cy="${y - 22 * s}" r="${30 * s}"/></g>`;

function hills(w, h, colors, seed) {
  const next = random(seed);
  return colors
    .map((color, layer) => {
      const base = h * (0.62 + layer * 0.11);
      let d = `M0 ${h}L0 ${base}`;
      const steps = 5;
      for (let i = 1; i <= steps; i += 1) {
        const x = (w / steps) * i;
        const cx = x - w / steps / 2;
        d += ` Q${cx} ${base - 40 - next() * 90} ${x} ${base - next() * 30}`;
      }
      return `<path d="${d} L${w} ${h}Z" fill="${color}" stroke="${ink}" stroke-opacity=".25" stroke-width="3"/>`;
    })
    .join('');
}

function eggPath(cx, cy, r) {
  return `M${cx} ${cy - 1.3 * r}C${cx + 0.78 * r} ${cy - 1.3 * r} ${cx + r} ${cy - 0.15 * r} ${cx + r} ${cy + 0.2 * r}C${cx + r} ${cy + 0.78 * r} ${cx + 0.55 * r} ${cy + r} ${cx} ${cy + r}C${cx - 0.55 * r} ${cy + r} ${cx - r} ${cy + 0.78 * r} ${cx - r} ${cy + 0.2 * r}C${cx - r} ${cy - 0.15 * r} ${cx - 0.78 * r} ${cy - 1.3 * r} ${cx} ${cy - 1.3 * r}Z`;
}

function egg(cx, cy, r, fill, spot, { cracked = false, glow = false } = {}) {
  const crack = cracked
    ? `<path d="M${cx - r} ${cy - 0.05 * r}l${0.3 * r} ${-0.25 * r} ${0.25 * r} ${0.3 * r} ${0.25 * r} ${-0.32 * r} ${0.25 * r} ${0.3 * r} ${0.25 * r} ${-0.28 * r} ${0.3 * r} ${0.25 * r}" fill="none" stroke="${ink}" stroke-width="${Math.max(2, r * 0.07)}" stroke-linejoin="round"/>`
    : '';
  const halo = glow
    ? `<circle cx="${cx}" cy="${cy - 0.15 * r}" r="${r * 1.9}" fill="${gold}" opacity=".28"/><circle cx="${cx}" cy="${cy - 0.15 * r}" r="${r * 1.45}" fill="${cream}" opacity=".35"/>`
    : '';
  return `${halo}<path d="${eggPath(cx, cy, r)}" fill="${fill}" stroke="${ink}" stroke-width="${Math.max(2, r * 0.08)}"/>
<circle cx="${cx - 0.35 * r}" cy="${cy - 0.45 * r}" r="${0.18 * r}" fill="${spot}"/><circle cx="${cx + 0.4 * r}" cy="${cy + 0.1 * r}" r="${0.22 * r}" fill="${spot}"/><circle cx="${cx - 0.2 * r}" cy="${cy + 0.55 * r}" r="${0.14 * r}" fill="${spot}"/>
<ellipse cx="${cx - 0.45 * r}" cy="${cy - 0.75 * r}" rx="${0.12 * r}" ry="${0.25 * r}" fill="#fff" opacity=".7" transform="rotate(25 ${cx - 0.45 * r} ${cy - 0.75 * r})"/>${crack}`;
}

function face(cx, cy, s) {
  return `<ellipse cx="${cx - 16 * s}" cy="${cy}" rx="${7 * s}" ry="${9 * s}" fill="${ink}"/><ellipse cx="${cx + 16 * s}" cy="${cy}" rx="${7 * s}" ry="${9 * s}" fill="${ink}"/>
<circle cx="${cx - 14 * s}" cy="${cy - 4 * s}" r="${2.6 * s}" fill="#fff"/><circle cx="${cx + 18 * s}" cy="${cy - 4 * s}" r="${2.6 * s}" fill="#fff"/>
<ellipse cx="${cx - 28 * s}" cy="${cy + 12 * s}" rx="${7 * s}" ry="${4 * s}" fill="#fb7185" opacity=".7"/><ellipse cx="${cx + 28 * s}" cy="${cy + 12 * s}" rx="${7 * s}" ry="${4 * s}" fill="#fb7185" opacity=".7"/>
<path d="M${cx - 7 * s} ${cy + 12 * s}q${7 * s} ${8 * s} ${14 * s} 0" fill="none" stroke="${ink}" stroke-width="${3 * s}" stroke-linecap="round"/>`;
}

/** A round beast: kind picks ears, horns, wings or a flame crest. */
function creature(cx, cy, s, body, belly, kind) {
  const stroke = `stroke="${ink}" stroke-width="${4 * s}" stroke-linejoin="round"`;
  const extras = {
    cat: `<path d="M${cx - 50 * s} ${cy - 30 * s}l${6 * s} ${-48 * s} ${34 * s} ${30 * s}z" fill="${body}" ${stroke}/><path d="M${cx + 50 * s} ${cy - 30 * s}l${-6 * s} ${-48 * s} ${-34 * s} ${30 * s}z" fill="${body}" ${stroke}/>`,
    dragon: `<path d="M${cx - 30 * s} ${cy - 52 * s}l${-8 * s} ${-36 * s} ${26 * s} ${22 * s}z" fill="${gold}" ${stroke}/><path d="M${cx + 30 * s} ${cy - 52 * s}l${8 * s} ${-36 * s} ${-26 * s} ${22 * s}z" fill="${gold}" ${stroke}/><path d="M${cx + 58 * s} ${cy}c${40 * s} ${-30 * s} ${60 * s} ${-10 * s} ${56 * s} ${20 * s}c${-20 * s} ${-6 * s} ${-30 * s} ${6 * s} ${-50 * s} ${12 * s}z" fill="${belly}" ${stroke}/>`,
    bird: `<path d="M${cx - 60 * s} ${cy + 5 * s}c${-40 * s} ${-10 * s} ${-50 * s} ${30 * s} ${-30 * s} ${40 * s}c${10 * s} ${-4 * s} ${20 * s} ${-10 * s} ${34 * s} ${-14 * s}z" fill="${belly}" ${stroke}/><path d="M${cx} ${cy - 62 * s}c${-10 * s} ${-20 * s} ${6 * s} ${-34 * s} ${14 * s} ${-20 * s}" fill="none" ${stroke}/>`,
    bunny: `<ellipse cx="${cx - 24 * s}" cy="${cy - 80 * s}" rx="${13 * s}" ry="${36 * s}" fill="${body}" ${stroke}/><ellipse cx="${cx + 24 * s}" cy="${cy - 80 * s}" rx="${13 * s}" ry="${36 * s}" fill="${body}" ${stroke}/>`,
    flame: `<path d="M${cx - 30 * s} ${cy - 50 * s}c${-6 * s} ${-30 * s} ${20 * s} ${-40 * s} ${30 * s} ${-66 * s}c${10 * s} ${26 * s} ${36 * s} ${36 * s} ${30 * s} ${66 * s}z" fill="#fb923c" ${stroke}/>`,
    slime: `<circle cx="${cx}" cy="${cy - 72 * s}" r="${9 * s}" fill="${belly}" ${stroke}/><path d="M${cx} ${cy - 63 * s}v${10 * s}" ${stroke}/>`,
    star: `<g transform="translate(${cx} ${cy - 74 * s}) scale(${s})">${sparkle(0, 0, 22, gold)}</g>`,
  };
  return `${extras[kind] ?? ''}<ellipse cx="${cx}" cy="${cy}" rx="${64 * s}" ry="${58 * s}" fill="${body}" ${stroke}/>
<ellipse cx="${cx}" cy="${cy + 22 * s}" rx="${38 * s}" ry="${28 * s}" fill="${belly}"/>${face(cx, cy - 8 * s, s)}`;
}

/** A chibi egg smasher with a hammer raised; hat picks the headgear. */
function hero(cx, cy, s, skin, outfit, hair, hat) {
  const stroke = `stroke="${ink}" stroke-width="${4 * s}" stroke-linejoin="round"`;
  const hats = {
    crown: `<path d="M${cx - 40 * s} ${cy - 118 * s}l${8 * s} ${-34 * s} ${18 * s} ${18 * s} ${14 * s} ${-26 * s} ${14 * s} ${26 * s} ${18 * s} ${-18 * s} ${8 * s} ${34 * s}z" fill="${gold}" ${stroke}/>`,
    wizard: `<path d="M${cx - 62 * s} ${cy - 110 * s}q${62 * s} ${-30 * s} ${124 * s} 0l${-50 * s} ${-90 * s}q${-10 * s} ${-10 * s} ${-18 * s} ${2 * s}z" fill="#5b2bd6" ${stroke}/>${sparkle(cx + 4 * s, cy - 150 * s, 10 * s, gold)}`,
    helmet: `<path d="M${cx - 62 * s} ${cy - 100 * s}a${62 * s} ${56 * s} 0 0 1 ${124 * s} 0z" fill="#94a3b8" ${stroke}/><path d="M${cx} ${cy - 156 * s}v${-26 * s}" stroke="#e11d48" stroke-width="${10 * s}" stroke-linecap="round"/>`,
    cat: `<path d="M${cx - 52 * s} ${cy - 120 * s}l${4 * s} ${-40 * s} ${30 * s} ${22 * s}z" fill="${hair}" ${stroke}/><path d="M${cx + 52 * s} ${cy - 120 * s}l${-4 * s} ${-40 * s} ${-30 * s} ${22 * s}z" fill="${hair}" ${stroke}/>`,
    bandana: `<path d="M${cx - 62 * s} ${cy - 108 * s}q${62 * s} ${-40 * s} ${124 * s} 0v${14 * s}q${-62 * s} ${-30 * s} ${-124 * s} 0z" fill="#e11d48" ${stroke}/><path d="M${cx + 60 * s} ${cy - 100 * s}l${30 * s} ${-6 * s} ${-8 * s} ${22 * s}z" fill="#e11d48" ${stroke}/>`,
    leaf: `<path d="M${cx} ${cy - 150 * s}c${30 * s} ${-40 * s} ${70 * s} ${-20 * s} ${60 * s} ${-4 * s}c${-20 * s} ${14 * s} ${-44 * s} ${16 * s} ${-60 * s} ${4 * s}z" fill="#4ade80" ${stroke}/>`,
    horns: `<path d="M${cx - 44 * s} ${cy - 128 * s}c${-20 * s} ${-20 * s} ${-20 * s} ${-40 * s} ${-6 * s} ${-52 * s}c${0} ${20 * s} ${14 * s} ${30 * s} ${24 * s} ${38 * s}z" fill="${cream}" ${stroke}/><path d="M${cx + 44 * s} ${cy - 128 * s}c${20 * s} ${-20 * s} ${20 * s} ${-40 * s} ${6 * s} ${-52 * s}c0 ${20 * s} ${-14 * s} ${30 * s} ${-24 * s} ${38 * s}z" fill="${cream}" ${stroke}/>`,
  };
  return `<ellipse cx="${cx}" cy="${cy + 96 * s}" rx="${70 * s}" ry="${12 * s}" fill="${ink}" opacity=".25"/>
<rect x="${cx - 38 * s}" y="${cy - 10 * s}" width="${76 * s}" height="${96 * s}" rx="${26 * s}" fill="${outfit}" ${stroke}/>
<rect x="${cx - 30 * s}" y="${cy + 70 * s}" width="${24 * s}" height="${26 * s}" rx="${8 * s}" fill="${ink}"/><rect x="${cx + 6 * s}" y="${cy + 70 * s}" width="${24 * s}" height="${26 * s}" rx="${8 * s}" fill="${ink}"/>
<path d="M${cx + 34 * s} ${cy + 14 * s}l${36 * s} ${-40 * s}" stroke="${ink}" stroke-width="${20 * s}" stroke-linecap="round"/><path d="M${cx + 34 * s} ${cy + 14 * s}l${36 * s} ${-40 * s}" stroke="${skin}" stroke-width="${12 * s}" stroke-linecap="round"/>
<g transform="rotate(28 ${cx + 74 * s} ${cy - 30 * s})"><rect x="${cx + 68 * s}" y="${cy - 120 * s}" width="${12 * s}" height="${100 * s}" rx="${5 * s}" fill="#a16207" ${stroke}/><rect x="${cx + 40 * s}" y="${cy - 150 * s}" width="${68 * s}" height="${40 * s}" rx="${10 * s}" fill="${gold}" ${stroke}/><rect x="${cx + 46 * s}" y="${cy - 144 * s}" width="${14 * s}" height="${28 * s}" rx="${4 * s}" fill="${cream}" opacity=".8"/></g>
<path d="M${cx - 34 * s} ${cy + 14 * s}l${-26 * s} ${30 * s}" stroke="${ink}" stroke-width="${20 * s}" stroke-linecap="round"/><path d="M${cx - 34 * s} ${cy + 14 * s}l${-26 * s} ${30 * s}" stroke="${skin}" stroke-width="${12 * s}" stroke-linecap="round"/>
<circle cx="${cx}" cy="${cy - 62 * s}" r="${62 * s}" fill="${skin}" ${stroke}/>
<path d="M${cx - 62 * s} ${cy - 66 * s}q${8 * s} ${-64 * s} ${62 * s} ${-58 * s}q${56 * s} ${-4 * s} ${62 * s} ${58 * s}q${-30 * s} ${-30 * s} ${-62 * s} ${-26 * s}q${-34 * s} ${-4 * s} ${-62 * s} ${26 * s}z" fill="${hair}" ${stroke}/>
${face(cx, cy - 50 * s, s)}${hats[hat] ?? ''}`;
}

function castle(x, y, s, wall = '#c4b5fd', roof = '#5b2bd6') {
  const stroke = `stroke="${ink}" stroke-width="${3 * s}" stroke-linejoin="round"`;
  const tower = (tx, th) =>
    `<rect x="${tx}" y="${y - th * s}" width="${34 * s}" height="${th * s}" fill="${wall}" ${stroke}/><path d="M${tx - 6 * s} ${y - th * s}l${23 * s} ${-44 * s} ${23 * s} ${44 * s}z" fill="${roof}" ${stroke}/><path d="M${tx + 17 * s} ${y - (th + 44) * s}v${-18 * s}l${16 * s} ${6 * s} ${-16 * s} ${6 * s}" fill="#e11d48" ${stroke}/><rect x="${tx + 11 * s}" y="${y - (th - 20) * s}" width="${12 * s}" height="${18 * s}" rx="${6 * s}" fill="${ink}" opacity=".7"/>`;
  return `<rect x="${x + 20 * s}" y="${y - 70 * s}" width="${120 * s}" height="${70 * s}" fill="${wall}" ${stroke}/><path d="M${x + 66 * s} ${y}v${-34 * s}a${14 * s} ${14 * s} 0 0 1 ${28 * s} 0v${34 * s}z" fill="${ink}" opacity=".75"/>${tower(x, 120)}${tower(x + 126 * s, 120)}${tower(x + 63 * s, 160)}`;
}

const trophy = (cx, cy, s) =>
  `<path d="M${cx - 50 * s} ${cy - 60 * s}h${100 * s}v${30 * s}a${50 * s} ${50 * s} 0 0 1 ${-100 * s} 0z" fill="${gold}" stroke="${ink}" stroke-width="${5 * s}"/><path d="M${cx - 50 * s} ${cy - 50 * s}h${-22 * s}a${22 * s} ${22 * s} 0 0 0 ${30 * s} ${36 * s}M${cx + 50 * s} ${cy - 50 * s}h${22 * s}a${22 * s} ${22 * s} 0 0 1 ${-30 * s} ${36 * s}" fill="none" stroke="${ink}" stroke-width="${6 * s}"/><rect x="${cx - 10 * s}" y="${cy + 18 * s}" width="${20 * s}" height="${30 * s}" fill="${gold}" stroke="${ink}" stroke-width="${5 * s}"/><rect x="${cx - 40 * s}" y="${cy + 46 * s}" width="${80 * s}" height="${22 * s}" rx="${6 * s}" fill="#5b2bd6" stroke="${ink}" stroke-width="${5 * s}"/>${sparkle(cx - 18 * s, cy - 36 * s, 10 * s, cream)}`;

const gear = (cx, cy, r, fill) => {
  let d = '';
  for (let i = 0; i < 8; i += 1) {
    const a = (i / 8) * Math.PI * 2;
    d += `<rect x="${cx - r * 0.18}" y="${cy - r * 1.25}" width="${r * 0.36}" height="${r * 0.5}" rx="${r * 0.06}" fill="${fill}" stroke="${ink}" stroke-width="4" transform="rotate(${(a * 180) / Math.PI} ${cx} ${cy})"/>`;
  }
  return `${d}<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}" stroke="${ink}" stroke-width="5"/><circle cx="${cx}" cy="${cy}" r="${r * 0.38}" fill="${ink}" opacity=".8"/>`;
};

const wrench = (cx, cy, s) =>
  `<g transform="rotate(40 ${cx} ${cy})"><rect x="${cx - 12 * s}" y="${cy - 20 * s}" width="${24 * s}" height="${150 * s}" rx="${12 * s}" fill="#cbd5e1" stroke="${ink}" stroke-width="5"/><path d="M${cx - 40 * s} ${cy - 40 * s}a${40 * s} ${40 * s} 0 1 0 ${80 * s} 0l${-20 * s} ${0}v${22 * s}h${-40 * s}v${-22 * s}z" fill="#cbd5e1" stroke="${ink}" stroke-width="5"/></g>`;

const confetti = (w, h, seed) => {
  const next = random(seed);
  const colors = ['#fb7185', gold, '#38bdf8', '#4ade80', '#c4b5fd'];
  let out = '';
  for (let i = 0; i < 40; i += 1) {
    const x = next() * w;
    const y = next() * h * 0.7;
    out += `<rect x="${x}" y="${y}" width="${8 + next() * 8}" height="${4 + next() * 4}" rx="2" fill="${colors[i % colors.length]}" transform="rotate(${next() * 180} ${x} ${y})"/>`;
  }
  return out;
};

const svg = (w, h, defs, body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs>${defs}</defs>${body}</svg>`;

const skies = {
  dusk: ['#2a1766', '#7c3aed', '#fb923c'],
  day: ['#38bdf8', '#7dd3fc', '#fff3c4'],
  night: ['#0f0a2e', '#3b1d8f', '#7c3aed'],
  candy: ['#f472b6', '#fbcfe8', '#fff3c4'],
  sea: ['#0e7490', '#22d3ee', '#a5f3fc'],
};

function scene(w, h, { sky, seed, hillColors, content }) {
  return svg(
    w,
    h,
    gradient('sky', skies[sky]),
    `<rect width="${w}" height="${h}" fill="url(#sky)"/>${stars(w, h, 30, seed)}${cloud(w * 0.2, h * 0.22, w / 1200)}${cloud(w * 0.78, h * 0.15, (w / 1200) * 0.8, '#fff', 0.7)}${hills(w, h, hillColors, seed)}${content}`,
  );
}

const greens = ['#86efac', '#4ade80', '#16a34a'];
const purples = ['#c4b5fd', '#8b5cf6', '#5b2bd6'];
const warm = ['#fde68a', '#fbbf24', '#d97706'];

const banners = [
  {
    sky: 'dusk',
    hillColors: warm,
    content: `${egg(600, 330, 120, gold, '#fde68a', { cracked: true, glow: true })}${hero(300, 400, 1.1, '#ffd7b5', '#e11d48', '#3f2a14', 'crown')}${creature(900, 440, 0.9, '#fb923c', cream, 'dragon')}${sparkle(760, 180, 24, cream)}${sparkle(450, 140, 16, cream)}`,
  },
  {
    sky: 'day',
    hillColors: ['#e0f2fe', '#bae6fd', '#7dd3fc'],
    content: `${castle(470, 330, 1.4)}${cloud(300, 360, 1.6)}${cloud(950, 380, 1.4)}${creature(250, 470, 0.8, '#c4b5fd', cream, 'bird')}${hero(960, 420, 0.9, '#ffd7b5', '#38bdf8', '#1e3a8a', 'wizard')}`,
  },
  {
    sky: 'night',
    hillColors: purples,
    content: `${trophy(600, 300, 1.6)}${hero(340, 420, 1, '#f1c19b', '#16a34a', '#111827', 'helmet')}${hero(860, 420, 1, '#ffd7b5', '#f97316', '#7c2d12', 'bandana')}${confetti(1200, 600, 7)}`,
  },
  {
    sky: 'candy',
    hillColors: ['#fecdd3', '#fda4af', '#fb7185'],
    content: `${creature(600, 380, 1.6, '#ef4444', '#fde68a', 'dragon')}${egg(300, 460, 60, '#fb923c', '#fde68a')}${egg(900, 470, 55, '#f43f5e', cream)}${egg(1040, 490, 40, gold, '#fb923c')}${sparkle(200, 200, 20, '#fff')}`,
  },
];

const features = [
  {
    sky: 'dusk',
    hillColors: warm,
    content: `${egg(480, 300, 100, '#c4b5fd', '#5b2bd6', { cracked: true, glow: true })}${hero(700, 340, 0.9, '#ffd7b5', '#5b2bd6', '#3f2a14', 'cat')}`,
  },
  {
    sky: 'day',
    hillColors: greens,
    content: `${creature(300, 340, 0.8, '#4ade80', cream, 'slime')}<path d="M420 320h90l-16-16m16 16-16 16" fill="none" stroke="${ink}" stroke-width="10" stroke-linecap="round"/>${creature(660, 320, 1.2, '#16a34a', '#bbf7d0', 'dragon')}${sparkle(800, 160, 20, gold)}`,
  },
  {
    sky: 'night',
    hillColors: purples,
    content: `${castle(380, 400, 1.2)}${hero(260, 380, 0.7, '#f1c19b', '#e11d48', '#111827', 'helmet')}${hero(720, 380, 0.7, '#ffd7b5', '#38bdf8', '#713f12', 'leaf')}`,
  },
  {
    sky: 'sea',
    hillColors: ['#a7f3d0', '#34d399', '#059669'],
    content: `${creature(480, 330, 1, '#38bdf8', cream, 'bird')}${cloud(760, 200, 1)}${egg(760, 380, 50, gold, '#fde68a')}`,
  },
];

const collection = [
  ['#fb923c', cream, 'dragon', '#fbbf24'],
  ['#c4b5fd', cream, 'cat', '#8b5cf6'],
  ['#38bdf8', cream, 'bird', '#0ea5e9'],
  ['#f9a8d4', '#fff', 'bunny', '#ec4899'],
  ['#ef4444', '#fde68a', 'flame', '#dc2626'],
  ['#4ade80', cream, 'slime', '#16a34a'],
  ['#fde68a', '#fff', 'star', gold],
];

const characters = [
  ['#ffd7b5', '#e11d48', '#3f2a14', 'crown', 'dusk'],
  ['#f1c19b', '#5b2bd6', '#1e3a8a', 'wizard', 'night'],
  ['#ffd7b5', '#16a34a', '#111827', 'helmet', 'day'],
  ['#ffe4cc', '#f472b6', '#fde68a', 'cat', 'candy'],
  ['#e8b08a', '#f97316', '#7c2d12', 'bandana', 'dusk'],
  ['#ffd7b5', '#0ea5e9', '#713f12', 'leaf', 'sea'],
  ['#f1c19b', '#1b1140', '#b91c1c', 'horns', 'night'],
];

const slides = [
  {
    sky: 'dusk',
    hillColors: warm,
    content: `${egg(400, 250, 80, gold, '#fde68a', { cracked: true, glow: true })}${hero(620, 300, 0.7, '#ffd7b5', '#e11d48', '#3f2a14', 'crown')}${confetti(800, 450, 3)}`,
  },
  {
    sky: 'day',
    hillColors: ['#e0f2fe', '#bae6fd', '#7dd3fc'],
    content: `${castle(300, 260, 1.1)}${creature(620, 330, 0.7, '#c4b5fd', cream, 'bird')}`,
  },
  {
    sky: 'night',
    hillColors: purples,
    content: `${gear(300, 240, 60, '#cbd5e1')}${wrench(520, 200, 1)}${creature(600, 330, 0.6, '#4ade80', cream, 'slime')}`,
  },
];

const coverScenes = {
  events: (i) => ({
    sky: ['dusk', 'candy', 'night'][i % 3],
    hillColors: [warm, ['#fecdd3', '#fda4af', '#fb7185'], purples][i % 3],
    content: `${egg(420 + (i % 2) * 300, 330, 90, [gold, '#fb7185', '#c4b5fd'][i % 3], cream, { cracked: i % 2 === 0, glow: true })}${hero(820 - (i % 2) * 440, 400, 0.9, '#ffd7b5', ['#e11d48', '#16a34a', '#f97316'][i % 3], '#3f2a14', ['crown', 'bandana', 'cat'][i % 3])}${confetti(1200, 630, 11 + i)}`,
  }),
  maintenance: (i) => ({
    sky: ['night', 'sea', 'day'][i % 3],
    hillColors: [purples, ['#a7f3d0', '#34d399', '#059669'], greens][i % 3],
    content: `${gear(420, 300, 80, '#cbd5e1')}${gear(560, 230, 46, gold)}${wrench(760, 230, 1.2)}${creature(900, 440, 0.7, ['#4ade80', '#38bdf8', '#c4b5fd'][i % 3], cream, ['slime', 'bird', 'cat'][i % 3])}`,
  }),
  updates: (i) => ({
    sky: ['day', 'dusk', 'sea', 'night'][i % 4],
    hillColors: [greens, warm, ['#a7f3d0', '#34d399', '#059669'], purples][i % 4],
    content: `${castle(200 + (i % 3) * 240, 420, 1.3, ['#c4b5fd', '#fde68a', '#bae6fd'][i % 3])}${creature(880 - (i % 3) * 60, 430, 0.9, collection[i % 7][0], cream, collection[i % 7][2])}${sparkle(1000, 160, 22, cream)}`,
  }),
};

const covers = [
  ['le-hoi-trung-vang-mua-he-2025', 'events'],
  ['bao-tri-may-chu-ngay-28-06', 'maintenance'],
  ['cap-nhat-phien-ban-2-4-vung-dat-may', 'updates'],
  ['su-kien-dua-top-dap-trung', 'events'],
  ['huong-dan-nhan-giftcode-thang-6', 'updates'],
  ['bao-tri-khan-cong-thanh-toan', 'maintenance'],
  ['ra-mat-bo-suu-tap-rong-lua', 'updates'],
  ['giai-dau-bang-hoi-mua-1', 'events'],
  ['cap-nhat-2-3-1-sua-loi', 'updates'],
  ['su-kien-ngay-quoc-te-thieu-nhi', 'events'],
  ['bao-tri-dinh-ky-thang-5', 'maintenance'],
  ['chao-mung-ra-mat-website-moi', 'updates'],
  ['ban-nhap-su-kien-trung-thu', 'events'],
];

function badge(label, title, icon) {
  return svg(
    216,
    64,
    gradient('b', ['#2a1766', ink]),
    `<rect x="2" y="2" width="212" height="60" rx="14" fill="url(#b)" stroke="${gold}" stroke-width="3"/>${icon}<text x="66" y="27" font-family="Arial,Helvetica,sans-serif" font-size="11" font-weight="700" fill="${cream}" letter-spacing=".5">${label}</text><text x="66" y="48" font-family="Arial,Helvetica,sans-serif" font-size="20" font-weight="900" fill="#fff">${title}</text>`,
  );
}

const appleIcon = `<path d="M39 21c-1.6 0-3.6 1.1-4.6 2.6-1 1.3-1.7 3.3-1.4 5.1 1.8.1 3.6-1 4.6-2.4 1-1.4 1.6-3.3 1.4-5.3zM44.5 36.6c-.1-3.7 3-5.5 3.1-5.6-1.7-2.5-4.4-2.8-5.3-2.9-2.2-.2-4.4 1.3-5.5 1.3-1.2 0-2.9-1.3-4.8-1.2-2.5 0-4.8 1.4-6 3.7-2.6 4.5-.7 11.1 1.8 14.7 1.2 1.8 2.7 3.8 4.6 3.7 1.8-.1 2.6-1.2 4.8-1.2s2.9 1.2 4.8 1.1c2 0 3.2-1.8 4.4-3.6 1.4-2 2-4 2-4.1-.1 0-3.8-1.5-3.9-6z" fill="#fff" transform="translate(-6 -6)"/>`;
const playIcon = `<path d="M22 16l24 16-24 16z" fill="#38bdf8"/><path d="M22 16l15 16-15 16z" fill="#4ade80"/><path d="M37 32l9-0 -9 6z" fill="${gold}"/><path d="M22 16l15 16 9-0z" fill="#4ade80" opacity=".6"/><path d="M22 48l15-16 9 0z" fill="#fb7185"/>`;
const apkIcon = `<rect x="20" y="22" width="28" height="22" rx="6" fill="#4ade80" stroke="${cream}" stroke-width="2"/><circle cx="28" cy="30" r="2" fill="${ink}"/><circle cx="40" cy="30" r="2" fill="${ink}"/><path d="M25 22l-3-5M43 22l3-5" stroke="#4ade80" stroke-width="2.5" stroke-linecap="round"/><path d="M34 36v10m-5-4 5 5 5-5" stroke="${ink}" stroke-width="3" fill="none" stroke-linecap="round"/>`;

async function write(relative, content) {
  const target = join(publicDir, relative);
  mkdirSync(dirname(target), { recursive: true });
  if (relative.endsWith('.svg')) {
    writeFileSync(target, content);
    return;
  }
  const image = sharp(Buffer.from(content));
  await (relative.endsWith('.jpg') ? image.jpeg({ quality: 86, mozjpeg: true }) : image.webp({ quality: 88 })).toFile(
    target,
  );
}

const tasks = [];
banners.forEach((banner, i) =>
  tasks.push(write(`home/banners/banner-${i + 1}.webp`, scene(1200, 600, { ...banner, seed: 100 + i }))),
);
features.forEach((feature, i) =>
  tasks.push(write(`home/features/feature-${i + 1}.webp`, scene(960, 540, { ...feature, seed: 200 + i }))),
);
collection.forEach(([body, belly, kind, frame], i) =>
  tasks.push(
    write(
      `home/collection/item-${i + 1}.webp`,
      svg(
        400,
        400,
        gradient('f', [cream, frame]),
        `<rect x="8" y="8" width="384" height="384" rx="40" fill="url(#f)" stroke="${ink}" stroke-width="10"/><rect x="30" y="30" width="340" height="340" rx="28" fill="none" stroke="#fff" stroke-opacity=".7" stroke-width="4"/>${stars(400, 400, 10, 300 + i)}${creature(200, 230, 1.25, body, belly, kind)}`,
      ),
    ),
  ),
);
characters.forEach(([skin, outfit, hair, hat, sky], i) =>
  tasks.push(
    write(
      `home/characters/character-${i + 1}.webp`,
      svg(
        400,
        560,
        gradient('s', skies[sky]),
        `<rect width="400" height="560" rx="36" fill="url(#s)"/>${stars(400, 560, 14, 400 + i)}<ellipse cx="200" cy="520" rx="220" ry="70" fill="#fff" opacity=".2"/>${egg(80, 470, 34, gold, cream, { cracked: i % 2 === 0 })}${hero(190, 360, 1.25, skin, outfit, hair, hat)}`,
      ),
    ),
  ),
);
slides.forEach((slide, i) =>
  tasks.push(write(`news/slider-${i + 1}.webp`, scene(800, 450, { ...slide, seed: 500 + i }))),
);
const perCategory = {};
covers.forEach(([slug, category], i) => {
  const variant = (perCategory[category] = (perCategory[category] ?? -1) + 1);
  tasks.push(write(`news/${slug}.jpg`, scene(1200, 630, { ...coverScenes[category](variant), seed: 600 + i })));
});
tasks.push(write('home/download/app-store.svg', badge('TẢI VỀ TRÊN', 'App Store', appleIcon)));
tasks.push(write('home/download/google-play.svg', badge('TẢI NGAY TRÊN', 'Google Play', playIcon)));
tasks.push(write('home/download/apk.svg', badge('TẢI TRỰC TIẾP', 'APK Android', apkIcon)));

shopPackIds.forEach((id) => tasks.push(write(`shop/thumb-${id}.webp`, shopThumbnail(id))));
shopProductIds.forEach((id) => tasks.push(write(`shop/banner-${id}.webp`, shopBanner(id))));

await Promise.all(tasks);
console.warn(`drew ${tasks.length} images into ${publicDir}`);
