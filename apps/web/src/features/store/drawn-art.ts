import type { PackArt, PackItem } from '@carabala/contracts/catalogue';
import { formatCount } from '@/lib/format';

// The art of a pack staff created without pictures: drawn here as SVG, in the palette and manner of
// the seeded packs' art (apps/web/art/shop-art.mjs), from the pack's id (its colours) and its first
// item (the motif). Deterministic: the same pack is drawn the same on every page and every render.

const ink = '#1b1140';
const gold = '#f5b731';
const outline = `stroke="${ink}" stroke-width="4" stroke-linejoin="round"`;

const gem = `<polygon points="-40,-12 -22,-34 22,-34 40,-12 0,40" fill="#38bdf8" ${outline}/><polygon points="-22,-34 -10,-12 10,-12 22,-34" fill="#bae6fd"/>`;
const coin = `<circle r="34" fill="${gold}" ${outline}/><circle r="24" fill="none" stroke="#b45309" stroke-width="3"/><path d="M0 -14 4 -4 14 -4 6 3 9 13 0 7 -9 13 -6 3 -14 -4 -4 -4Z" fill="#b45309"/>`;
const chest = `<rect x="-44" y="-6" width="88" height="46" rx="6" fill="#b45309" ${outline}/><path d="M-44 -6C-44 -36 44 -36 44 -6Z" fill="#b45309" ${outline}/><rect x="-44" y="4" width="88" height="8" fill="${gold}" stroke="${ink}" stroke-width="3"/><rect x="-8" y="-2" width="16" height="20" rx="3" fill="${gold}" ${outline}/>`;
const ticket = `<path d="M-42 -22H42V-8A8 8 0 0 0 42 8V22H-42V8A8 8 0 0 0 -42 -8Z" fill="#f472b6" ${outline}/><path d="M-14 -22V22" stroke="#fff" stroke-width="3" stroke-dasharray="4 4"/>`;
const star = `<path d="M0 -44 12 -14 44 -14 18 6 28 38 0 18 -28 38 -18 6 -44 -14 -12 -14Z" fill="${gold}" ${outline}/>`;

function motifOf(itemId: string | undefined): string {
  if (!itemId) return star;
  if (itemId === 'diamond') return gem;
  if (itemId === 'gold' || itemId === 'vip_exp') return coin;
  if (itemId.includes('chest') || itemId.includes('card')) return chest;
  if (itemId.includes('ticket')) return ticket;
  return star;
}

/** Two colours from the pack's id: every drawn pack has its own sky. */
function skyOf(id: number): [string, string] {
  const hue = (id * 137) % 360;
  return [`hsl(${hue} 70% 42%)`, `hsl(${(hue + 40) % 360} 80% 68%)`];
}

const escape = (text: string) => text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);

function sparkles(id: number, width: number, height: number): string {
  let state = id >>> 0;
  const next = () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  return Array.from(
    { length: 14 },
    () =>
      `<circle cx="${next() * width}" cy="${next() * height * 0.7}" r="${1 + next() * 3}" fill="#fff" opacity=".7"/>`,
  ).join('');
}

/** A drawn picture of the pack as a data URL: a 240 x 240 thumbnail or an 800 x 300 banner. */
export function drawnArt(
  subject: { id: number; title: string; items?: PackItem[] },
  kind: 'thumbnail' | 'banner',
): string {
  const [top, bottom] = skyOf(subject.id);
  const first = subject.items?.[0];
  const [width, height] = kind === 'thumbnail' ? [240, 240] : [800, 300];
  const motif = motifOf(first?.itemId);
  const amount = first ? `×${formatCount(first.quantity)}` : '';
  const body =
    kind === 'thumbnail'
      ? `<g transform="translate(120 112) scale(1.5)">${motif}</g><text x="120" y="214" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="30" font-weight="900" fill="#fff" stroke="${ink}" stroke-width="5" paint-order="stroke">${escape(amount)}</text>`
      : `<g transform="translate(170 150) scale(1.9)">${motif}</g><text x="300" y="162" font-family="DejaVu Sans, Arial, sans-serif" font-size="28" font-weight="900" fill="#fff" stroke="${ink}" stroke-width="6" paint-order="stroke">${escape(subject.title.length > 26 ? `${subject.title.slice(0, 25)}…` : subject.title)}</text>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs><rect width="${width}" height="${height}" fill="url(#s)"/>${sparkles(subject.id, width, height)}<ellipse cx="${width / 2}" cy="${height}" rx="${width * 0.7}" ry="${height * 0.22}" fill="${ink}" opacity=".18"/>${body}</svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** The picture to show: the pack's own art, else its drawn art. */
export const artOf = (
  subject: { id: number; title: string; items?: PackItem[]; art?: PackArt | null },
  kind: 'thumbnail' | 'banner',
) => subject.art?.[kind] ?? drawnArt(subject, kind);
