// The store's pack art: one thumbnail per pack (240 x 240) and one banner per product id (800 x 300,
// /shop/banner-{productId}.webp, options of selectable packs included). Every picture is drawn here
// from the pack's own subject; currency packs grow with the amount. Used by draw-art.mjs.
const ink = '#1b1140';
const gold = '#f5b731';
const cream = '#fff3c4';
const font = 'DejaVu Sans, Arial, sans-serif';

const grad = (id, stops, [x2, y2] = [1, 1]) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${stops
    .map((color, i) => `<stop offset="${i / (stops.length - 1)}" stop-color="${color}"/>`)
    .join('')}</linearGradient>`;
const at = (x, y, s, body, rotate = 0) =>
  `<g transform="translate(${x} ${y}) rotate(${rotate}) scale(${s})">${body}</g>`;
const outline = `stroke="${ink}" stroke-width="4" stroke-linejoin="round"`;

// Motifs, drawn around (0, 0) in about a 100 x 100 box.
const gem = (fill = '#38bdf8', light = '#bae6fd') =>
  `<polygon points="-40,-12 -22,-34 22,-34 40,-12 0,40" fill="${fill}" ${outline}/><polygon points="-22,-34 -10,-12 10,-12 22,-34" fill="${light}"/><path d="M-40 -12H40M-10 -12 0 40 10 -12" fill="none" stroke="#fff" stroke-width="2" opacity=".7"/>`;
const chest = (body = '#b45309', band = gold, open = false) =>
  `<rect x="-44" y="-6" width="88" height="46" rx="6" fill="${body}" ${outline}/>${
    open
      ? `<path d="M-44 -6 -36 -40H36L44 -6Z" fill="${body}" ${outline}/><ellipse cx="0" cy="-8" rx="34" ry="8" fill="#fde68a"/>`
      : `<path d="M-44 -6C-44 -36 44 -36 44 -6Z" fill="${body}" ${outline}/>`
  }<rect x="-44" y="4" width="88" height="8" fill="${band}" stroke="${ink}" stroke-width="3"/><rect x="-8" y="-2" width="16" height="20" rx="3" fill="${band}" ${outline}/>`;
const coin = (face = gold) =>
  `<circle r="30" fill="${face}" ${outline}/><circle r="21" fill="none" stroke="#b45309" stroke-width="3"/><path d="M0 -12 4 -3 13 -3 6 3 9 12 0 6 -9 12 -6 3 -13 -3 -4 -3Z" fill="#b45309"/>`;
const coinStack = (count) =>
  Array.from({ length: count }, (_, i) =>
    at(0, -i * 12, 1, `<ellipse rx="32" ry="12" fill="${gold}" ${outline}/>`),
  ).join('') + at(0, -count * 12 - 6, 0.9, coin());
const sword = (blade = '#e5e7eb') =>
  `<path d="M-4 -50 0 -58 4 -50V18H-4Z" fill="${blade}" ${outline}/><rect x="-20" y="16" width="40" height="8" rx="3" fill="${gold}" ${outline}/><rect x="-4" y="24" width="8" height="22" fill="#7c2d12" ${outline}/>`;
const shield = (fill = '#2563eb') =>
  `<path d="M0 -40 34 -28C34 8 20 30 0 42-20 30-34 8-34-28Z" fill="${fill}" ${outline}/><path d="M0 -26 20 -18C20 4 12 18 0 26Z" fill="#fff" opacity=".35"/>`;
const calendar = (label, top = '#e11d48') =>
  `<rect x="-38" y="-34" width="76" height="72" rx="10" fill="#fff" ${outline}/><path d="M-38 -24a10 10 0 0 1 10-10h56a10 10 0 0 1 10 10v8h-76Z" fill="${top}" ${outline}/><text y="24" text-anchor="middle" font-family="${font}" font-size="30" font-weight="900" fill="${ink}">${label}</text>`;
const helmet = () =>
  `<path d="M-34 10C-34 -30 34 -30 34 10Z" fill="#9ca3af" ${outline}/><rect x="-38" y="6" width="76" height="12" rx="4" fill="#6b7280" ${outline}/><path d="M0 -26V10" stroke="${ink}" stroke-width="4"/><path d="M-4 -30C-10 -50 10 -52 6 -30" fill="#e11d48" ${outline}/>`;
const crown = () =>
  `<path d="M-36 14-40-22-18-4 0-30 18-4 40-22 36 14Z" fill="${gold}" ${outline}/><circle cx="0" cy="-2" r="6" fill="#e11d48"/><circle cx="-22" cy="4" r="4" fill="#38bdf8"/><circle cx="22" cy="4" r="4" fill="#38bdf8"/>`;
const shard = () =>
  `<polygon points="0,-46 18,-6 8,40 -14,30 -20,-10" fill="#a78bfa" ${outline}/><polygon points="0,-46 18,-6 0,0" fill="#ede9fe"/>`;
const sun = (rays = '#fbbf24') =>
  `${Array.from({ length: 12 }, (_, i) => `<rect x="-3" y="-52" width="6" height="16" rx="3" fill="${rays}" transform="rotate(${i * 30})"/>`).join('')}<circle r="30" fill="#fde047" ${outline}/>`;
const moon = (fill = '#fef3c7') =>
  `<circle r="34" fill="${fill}" ${outline}/><circle cx="-10" cy="-8" r="6" fill="#fde68a"/><circle cx="12" cy="10" r="8" fill="#fde68a"/>`;
const crescent = () => `<path d="M10 -34A34 34 0 1 0 10 34 26 26 0 1 1 10 -34Z" fill="#fef9c3" ${outline}/>`;
const bolt = (fill = '#facc15') => `<path d="M8 -46-22 6H0L-8 46 24-8H2Z" fill="${fill}" ${outline}/>`;
const pouch = (fill = '#7c3aed') =>
  `<path d="M-30 40C-46 10-28-16-12-22L-18-36H18L12-22C28-16 46 10 30 40Z" fill="${fill}" ${outline}/><path d="M-16 -22H16" stroke="${gold}" stroke-width="5"/>`;
const stones = () =>
  [
    [-18, 10, '#60a5fa'],
    [16, 14, '#34d399'],
    [0, -12, '#f472b6'],
  ]
    .map(([x, y, c]) => at(x, y, 1, `<polygon points="-14,0 -6,-14 10,-12 16,2 4,14 -10,12" fill="${c}" ${outline}/>`))
    .join('');
const armor = () =>
  `<path d="M-30 -30-14-38C-8-30 8-30 14-38L30-30 36 -2 24 0 22 36H-22L-24 0-36-2Z" fill="#a78bfa" ${outline}/><path d="M0 -30V36" stroke="${ink}" stroke-width="3"/><circle cy="2" r="7" fill="${gold}" ${outline}/>`;
const card = (suit = '#111827', face = '#fff', edge = ink) =>
  `<rect x="-24" y="-34" width="48" height="68" rx="7" fill="${face}" stroke="${edge}" stroke-width="4"/><path d="M0 -16C-4 -8-18 -2-18 8-18 16-8 20-2 14L-6 24H6L2 14C8 20 18 16 18 8 18 -2 4 -8 0 -16Z" fill="${suit}"/>`;
const fan = (count, face, suit) =>
  Array.from({ length: count }, (_, i) => {
    const angle = (i - (count - 1) / 2) * (60 / Math.max(count - 1, 1));
    return at(0, 20, 1, at(0, -20, 1, card(suit, face)), angle);
  }).join('');
const ticket = (fill = '#f472b6') =>
  `<path d="M-40 -20H40V-6A8 8 0 0 0 40 6V20H-40V6A8 8 0 0 0 -40 -6Z" fill="${fill}" ${outline}/><path d="M-14 -20V20" stroke="#fff" stroke-width="3" stroke-dasharray="4 4"/><path d="M10 -8 13 -2 20 -2 14 2 16 9 10 5 4 9 6 2 0 -2 7 -2Z" fill="#fff"/>`;
const tickets = (count) =>
  Array.from({ length: count }, (_, i) =>
    at(
      (i - (count - 1) / 2) * 10,
      -i * 10 + count * 4,
      1,
      ticket(['#f472b6', '#fb923c', '#a78bfa', '#34d399', '#38bdf8'][i % 5]),
      -8 + i * 4,
    ),
  ).join('');
const starLantern = () =>
  `<path d="M0 -50V-40" stroke="${ink}" stroke-width="3"/><path d="M0 -40 12 -12 42 -12 18 6 28 36 0 18 -28 36 -18 6 -42 -12 -12 -12Z" fill="#ef4444" ${outline}/><circle r="8" fill="#fde047"/>`;
const mooncake = () =>
  `<rect x="-30" y="-22" width="60" height="44" rx="14" fill="#d97706" ${outline}/><circle r="13" fill="none" stroke="#92400e" stroke-width="3"/><path d="M-6 0H6M0 -6V6" stroke="#92400e" stroke-width="3"/>`;
const envelope = () =>
  `<rect x="-28" y="-40" width="56" height="80" rx="6" fill="#dc2626" ${outline}/><path d="M-28 -28 0 -8 28 -28" fill="none" stroke="${gold}" stroke-width="4"/><circle cy="-8" r="9" fill="${gold}" ${outline}/>`;
const blossom = (fill = '#facc15') =>
  `${Array.from({ length: 5 }, (_, i) => `<ellipse cy="-12" rx="8" ry="12" fill="${fill}" stroke="#b45309" stroke-width="2" transform="rotate(${i * 72})"/>`).join('')}<circle r="5" fill="#ea580c"/>`;
const branch = () =>
  `<path d="M-60 40C-30 20-10 10 40 -30" fill="none" stroke="#78350f" stroke-width="6" stroke-linecap="round"/>${at(-30, 18, 0.8, blossom())}${at(0, 2, 0.9, blossom())}${at(30, -22, 0.8, blossom())}`;
const pumpkin = () =>
  `<ellipse rx="44" ry="34" fill="#f97316" ${outline}/><path d="M-16 -32C-26 0-26 10-16 32M16 -32C26 0 26 10 16 32" fill="none" stroke="#c2410c" stroke-width="3"/><path d="M-4 -32C-2 -44 6 -46 10 -44" stroke="#15803d" stroke-width="6" fill="none"/><path d="M-24 -4-12-14-4-4ZM24 -4 12 -14 4 -4ZM-22 12Q0 26 22 12L12 16 4 10-4 16-12 10Z" fill="${ink}"/>`;
const candy = () =>
  `<circle r="12" fill="#a855f7" ${outline}/><path d="M-12 0-24 -9V9ZM12 0 24 -9V9Z" fill="#a855f7" ${outline}/>`;
const wave = (fill = '#0ea5e9') =>
  `<path d="M-60 10Q-45 -6-30 10T0 10 30 10 60 10V40H-60Z" fill="${fill}" ${outline}/>`;
const shirt = () =>
  `<path d="M-18 -34-40-24-32 -4-22 -10V36H22V-10L32 -4 40 -24 18 -34C12 -26-12 -26-18 -34Z" fill="#38bdf8" ${outline}/><path d="M-22 6H22M-22 20H22" stroke="#fff" stroke-width="5"/>`;
const dolphin = () =>
  `<path d="M-46 14C-30 -30 20 -34 42 -6L54 -14 50 4 58 14 40 10C20 30-20 30-46 14Z" fill="#60a5fa" ${outline}/><path d="M-6 -24-2 -44 10 -22" fill="#60a5fa" ${outline}/><circle cx="30" cy="-4" r="3" fill="${ink}"/><path d="M-30 14C-10 24 20 22 36 10" fill="none" stroke="#dbeafe" stroke-width="5"/>`;
const question = () =>
  `<text y="14" text-anchor="middle" font-family="${font}" font-size="46" font-weight="900" fill="#fff" stroke="${ink}" stroke-width="4" paint-order="stroke">?</text>`;
const gemPile = (count) => {
  const positions = [
    [0, 0],
    [-30, 12],
    [30, 12],
    [-14, -22],
    [16, -22],
    [-44, 30],
    [44, 30],
    [0, 28],
  ];
  const colors = [
    ['#38bdf8', '#bae6fd'],
    ['#a78bfa', '#ede9fe'],
    ['#34d399', '#d1fae5'],
    ['#f472b6', '#fce7f3'],
  ];
  return positions
    .slice(0, count)
    .reverse()
    .map(([x, y], i) => at(x, y, 0.7, gem(...colors[i % colors.length])))
    .join('');
};

const subjects = {
  101: { colors: ['#86efac', '#15803d'], art: () => at(-18, 0, 1, shield('#22c55e')) + at(26, 6, 0.95, sword(), 20) },
  102: { colors: ['#fda4af', '#be123c'], art: () => at(0, 0, 1.1, calendar('30')) },
  103: {
    colors: ['#cbd5e1', '#334155'],
    art: () => at(0, 6, 1.2, helmet()) + at(34, -30, 0.5, calendar('7', '#2563eb')),
  },
  104: { colors: ['#c4b5fd', '#4c1d95'], art: () => at(0, 12, 1.1, shard()) + at(0, -36, 0.7, crown()) },
  105: {
    colors: ['#fde68a', '#b45309'],
    art: () => at(-22, 30, 0.85, coinStack(3)) + at(30, 36, 0.7, coinStack(2)) + at(30, -30, 0.45, crescent()),
  },
  201: {
    colors: ['#fed7aa', '#ea580c'],
    art: () =>
      at(-24, -22, 0.6, sun()) +
      at(10, 14, 0.9, chest('#0369a1', '#7dd3fc', true)) +
      at(10, -6, 0.4, gem()) +
      at(38, -30, 0.5, bolt()),
  },
  202: {
    colors: ['#fef08a', '#ca8a04'],
    art: () =>
      at(26, -26, 0.55, sun('#f59e0b')) +
      at(-6, 10, 1, pouch('#0f766e')) +
      at(-6, 22, 0.6, stones()) +
      at(-40, -30, 0.45, bolt()),
  },
  203: {
    colors: ['#a5b4fc', '#1e1b4b'],
    art: () =>
      at(-30, -28, 0.6, crescent()) +
      at(10, 16, 0.85, chest('#4c1d95', '#c4b5fd')) +
      at(10, -24, 0.5, armor()) +
      at(40, -30, 0.45, bolt('#a78bfa')),
  },
  204: {
    colors: ['#f9a8d4', '#9d174d'],
    art: () =>
      at(-30, -26, 0.45, calendar('CN', '#9d174d')) +
      at(-14, 18, 0.7, chest()) +
      at(28, 22, 0.6, chest('#0369a1')) +
      at(26, -24, 0.6, bolt()) +
      at(0, -8, 0.35, gem()),
  },
  301: { colors: ['#fdba74', '#9a3412'], art: () => at(0, 4, 1, fan(3, '#fed7aa', '#9a3412')) },
  302: { colors: ['#e5e7eb', '#4b5563'], art: () => at(0, 4, 1, fan(4, '#f3f4f6', '#374151')) },
  303: { colors: ['#fde68a', '#a16207'], art: () => at(0, 4, 1, fan(5, '#fef3c7', '#a16207')) },
  304: {
    colors: ['#a5f3fc', '#0e7490'],
    art: () => at(0, 8, 1, fan(6, '#ecfeff', '#0e7490')) + at(0, -40, 0.45, gem()),
  },
  401: {
    colors: ['#fbcfe8', '#be185d'],
    art: () =>
      at(0, 4, 1.1, tickets(1)) +
      at(
        34,
        -30,
        0.5,
        `<text text-anchor="middle" y="10" font-family="${font}" font-size="34" font-weight="900" fill="#fff" stroke="${ink}" stroke-width="5" paint-order="stroke">x10</text>`,
      ),
  },
  402: { colors: ['#fed7aa', '#c2410c'], art: () => at(0, 8, 1, tickets(3)) },
  403: {
    colors: ['#ddd6fe', '#6d28d9'],
    art: () => at(-14, 10, 0.9, tickets(5)) + at(34, 26, 0.55, chest('#be185d', '#fbcfe8')),
  },
  44: {
    colors: ['#f5d0fe', '#86198f'],
    art: () => at(0, 4, 1.05, pouch('#c026d3')) + at(0, 14, 0.45, ticket('#fde047')),
  },
  45: {
    colors: ['#c7d2fe', '#3730a3'],
    art: () => at(0, 10, 1.1, chest('#312e81', '#a5b4fc')) + at(0, -34, 0.8, question()),
  },
  4445: {
    colors: ['#fbcfe8', '#581c87'],
    art: () =>
      at(-26, 8, 0.8, pouch('#c026d3')) +
      at(28, 14, 0.75, chest('#312e81', '#a5b4fc')) +
      at(
        2,
        -34,
        0.7,
        `<text text-anchor="middle" y="12" font-family="${font}" font-size="40" font-weight="900" fill="${gold}" stroke="${ink}" stroke-width="5" paint-order="stroke">+</text>`,
      ),
  },
  501: {
    colors: ['#1e3a8a', '#0f172a'],
    art: () => at(24, -22, 0.8, moon()) + at(-22, 4, 0.8, starLantern()) + at(22, 34, 0.6, mooncake()),
  },
  502: { colors: ['#fecaca', '#b91c1c'], art: () => at(16, 8, 1, envelope()) + at(-20, -4, 0.9, branch()) },
  503: {
    colors: ['#4c1d95', '#111827'],
    art: () => at(0, 14, 1, pumpkin()) + at(-36, -32, 0.6, candy()) + at(36, -34, 0.45, crescent()),
  },
  // The summer pack's card and its first option: the beach outfit.
  46: {
    colors: ['#bae6fd', '#0284c7'],
    art: () => at(26, -28, 0.5, sun()) + at(0, 32, 1, wave()) + at(-8, -6, 0.8, shirt()),
  },
  47: { colors: ['#a5f3fc', '#0369a1'], art: () => at(0, 28, 1, wave('#0284c7')) + at(0, -4, 0.9, dolphin()) },
  4647: {
    colors: ['#99f6e4', '#0f766e'],
    art: () => at(0, 32, 1, wave()) + at(-24, -8, 0.7, shirt()) + at(24, -2, 0.6, dolphin()),
  },
};

const diamondCounts = { 601: 120, 602: 200, 603: 330, 604: 650, 605: 1350, 606: 2200, 607: 3650, 608: 7200 };
const withCommas = (value) => value.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
Object.entries(diamondCounts).forEach(([id, amount], i) => {
  const size = i + 1;
  subjects[id] = {
    // One background for the whole currency line: only the pile changes, and it grows with the amount.
    colors: ['#bae6fd', '#1e3a8a'],
    art: () =>
      (size === 8
        ? at(0, 18, 1.35, chest('#1e3a8a', '#93c5fd', true)) + at(0, -20, 1.1, gemPile(7))
        : at(0, 0, 0.7 + size * 0.08, gemPile(size))) +
      `<text x="0" y="86" text-anchor="middle" font-family="${font}" font-size="26" font-weight="900" fill="#fff" stroke="${ink}" stroke-width="6" paint-order="stroke">${withCommas(amount)}</text>`,
  };
});

const sparkles = (w, h, seed) => {
  let state = seed;
  const next = () => (state = (state * 1664525 + 1013904223) >>> 0) / 2 ** 32;
  return Array.from(
    { length: 10 },
    () =>
      `<circle cx="${next() * w}" cy="${next() * h}" r="${1.5 + next() * 3}" fill="#fff" opacity="${0.3 + next() * 0.4}"/>`,
  ).join('');
};

export function shopThumbnail(id) {
  const { colors, art } = subjects[id];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240"><defs>${grad('g', colors)}<radialGradient id="h"><stop offset="0" stop-color="#fff" stop-opacity=".55"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs><rect width="240" height="240" rx="28" fill="url(#g)"/>${sparkles(240, 240, Number(id))}<circle cx="120" cy="110" r="92" fill="url(#h)"/>${at(120, 112, 1.35, art())}</svg>`;
}

export function shopBanner(id) {
  const { colors, art } = subjects[id];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="300" viewBox="0 0 800 300"><defs>${grad('g', [colors[1], colors[0], colors[1]], [1, 0])}<radialGradient id="h"><stop offset="0" stop-color="#fff" stop-opacity=".6"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs><rect width="800" height="300" fill="url(#g)"/>${sparkles(800, 300, Number(id) * 7)}<path d="M0 300 0 240Q200 200 400 240T800 230V300Z" fill="${cream}" opacity=".35"/><circle cx="400" cy="150" r="150" fill="url(#h)"/>${at(400, 150, 2.1, art())}${at(120, 90, 0.5, art())}${at(680, 210, 0.5, art())}</svg>`;
}

/** Every pack id (thumbnails) and every product id a player can buy (banners). */
export const shopPackIds = Object.keys(subjects).filter((id) => ![45, 47, 4445, 4647].includes(Number(id)));
export const shopProductIds = Object.keys(subjects);
