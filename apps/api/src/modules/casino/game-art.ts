import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { keepBounded } from '../../lib/bounded-map';

/** Symbols drawn on our own games' art; other games get their initials. */
const GAME_SYMBOLS: Record<string, string> = {
  dice: '⚄',
  limbo: '⇡',
  mines: '✹',
  plinko: '◔',
  'european-roulette': '◎',
  crash: '↗',
  'teen-patti': '♠',
  'andar-bahar': '♦',
  'dragon-tiger': '♣',
  'lucky-7': '7',
  'classic-sevens': '777',
  'temple-twenty': '♜',
  'lotus-ways': '✿',
  'star-spins': '★',
  // Live tables (modules/live-tables).
  'live-andar-bahar': '♦',
  'live-teen-patti': '♠',
  'live-roulette': '◎',
};

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/**
 * Tile art for a game, drawn from its code and name: a two-colour gradient picked by the code's
 * hash, a symbol and the name. Deterministic, so the same game always looks the same. Drawn as
 * SVG, served as AVIF (gameArtAvif).
 */
export function gameArtSvg(code: string, name: string): string {
  const digest = createHash('sha256').update(code).digest();
  const hue = Math.round(((digest[0] ?? 0) / 256) * 360);
  const hue2 = (hue + 40 + ((digest[1] ?? 0) % 80)) % 360;
  const symbol =
    GAME_SYMBOLS[code] ??
    name
      .replace(/[^A-Za-z0-9 ]/g, '')
      .split(/\s+/)
      .map((word) => word[0] ?? '')
      .join('')
      .slice(0, 2)
      .toUpperCase();
  const rings = Array.from({ length: 5 }, (_, index) => {
    const x = 20 + ((digest[2 + index] ?? 0) % 260);
    const y = 20 + ((digest[8 + index] ?? 0) % 160);
    const r = 20 + ((digest[14 + index] ?? 0) % 50);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="none" stroke="#fff" stroke-opacity="0.12" stroke-width="6"/>`;
  }).join('');
  const title = escapeXml(name.slice(0, 28));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200" viewBox="0 0 300 200" role="img" aria-label="${title}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 70% 42%)"/><stop offset="1" stop-color="hsl(${hue2} 75% 22%)"/></linearGradient></defs>
<rect width="300" height="200" fill="url(#g)"/>${rings}
<text x="150" y="105" font-family="Georgia, serif" font-size="72" font-weight="700" fill="#fff" fill-opacity="0.92" text-anchor="middle">${escapeXml(symbol)}</text>
<rect x="0" y="150" width="300" height="50" fill="#000" fill-opacity="0.35"/>
<text x="150" y="183" font-family="system-ui, sans-serif" font-size="22" font-weight="700" fill="#fff" text-anchor="middle">${title}</text>
</svg>`;
}

/** Encoded tiles by code and name; a catalogue of a few thousand games fits, more are encoded again. */
const encoded = new Map<string, Promise<Buffer>>();
const MAX_ENCODED = 5_000;

// One libvips thread, one encode at a time: a lobby's first visit asks for every tile at once, and
// encodes run on Node's shared thread pool, which file reads (the site's scripts) and password
// hashing need too.
sharp.concurrency(1);
let lastEncode: Promise<unknown> = Promise.resolve();

function encodeInTurn(svg: string): Promise<Buffer> {
  const next = lastEncode.then(() => sharp(Buffer.from(svg)).avif({ quality: 60, effort: 4 }).toBuffer());
  lastEncode = next.catch(() => undefined);
  return next;
}

/**
 * The game's generated tile as a real AVIF (libvips through sharp), encoded once per process.
 * A fraction of a second of one core per tile; an encode that fails is forgotten, so the next
 * request tries again.
 */
export function gameArtAvif(code: string, name: string): Promise<Buffer> {
  const key = `${code}\u0000${name}`;
  let tile = encoded.get(key);
  if (!tile) {
    tile = keepBounded(encoded, key, encodeInTurn(gameArtSvg(code, name)), MAX_ENCODED);
    tile.catch(() => encoded.delete(key));
  }
  return tile;
}
