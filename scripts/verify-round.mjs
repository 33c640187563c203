#!/usr/bin/env node
/* global process, console, URL */
// Verifies one round of our provably fair games with nothing but Node (no packages, no build):
//   node scripts/verify-round.mjs --game dice --server-seed S --client-seed C --nonce N \
//     --params '{"target":50,"direction":"under"}' [--server-seed-hash H]
// It prints the SHA-256 of the server seed (compare it with the hash shown before play), the
// outcome and the multiplier. `--vectors FILE.json` checks a list of published vectors instead.
// This is a second, independent copy of packages/shared/src/domain/fair: the tests run both on
// the published vectors (docs/casino-fairness.md), so neither can drift.
import { createHash, createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

function floats(serverSeed, clientSeed, nonce, count) {
  const out = [];
  for (let cursor = 0; out.length < count; cursor += 1) {
    const digest = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:${cursor}`).digest();
    for (let offset = 0; offset < 32 && out.length < count; offset += 4) {
      out.push(
        digest[offset] / 256 + digest[offset + 1] / 256 ** 2 + digest[offset + 2] / 256 ** 3 + digest[offset + 3] / 256 ** 4,
      );
    }
  }
  return out;
}

function pick(fs, size, count) {
  const items = Array.from({ length: size }, (_, index) => index);
  return fs.slice(0, count).map((f) => items.splice(Math.floor(f * items.length), 1)[0]);
}
const rank = (card) => (card % 13) + 1;
const choose = (n, k) => {
  let r = 1;
  for (let i = 0; i < k; i += 1) r = (r * (n - i)) / (i + 1);
  return r;
};
const crashPoint = (f) => Math.min(100_000_000, Math.max(100, Math.floor(99 / (1 - f))));
const RED = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36];
const PLINKO = {
  8: [56000, 21000, 11000, 10000, 5000, 10000, 11000, 21000, 56000],
  12: [100000, 30000, 16000, 14000, 11000, 10000, 5000, 10000, 11000, 14000, 16000, 30000, 100000],
  16: [160000, 90000, 20000, 14000, 14000, 12000, 11000, 10000, 5000, 10000, 11000, 12000, 14000, 14000, 20000, 90000, 160000],
};
const HANDS = ['high card', 'pair', 'color', 'sequence', 'pure sequence', 'trail'];

function teenPattiScore(hand) {
  const [a, b, c] = hand.map((card) => (rank(card) === 1 ? 14 : rank(card))).sort((x, y) => y - x);
  const flush = new Set(hand.map((card) => Math.floor(card / 13))).size === 1;
  const aceLow = a === 14 && b === 3 && c === 2;
  const run = (a - b === 1 && b - c === 1) || aceLow;
  const runValue = a === 14 && b === 13 ? 16 : aceLow ? 15 : a;
  let cat;
  let t;
  if (a === c) [cat, t] = [5, [a, 0, 0]];
  else if (run && flush) [cat, t] = [4, [runValue, 0, 0]];
  else if (run) [cat, t] = [3, [runValue, 0, 0]];
  else if (flush) [cat, t] = [2, [a, b, c]];
  else if (a === b || b === c) [cat, t] = [1, [b, a === b ? c : a, 0]];
  else [cat, t] = [0, [a, b, c]];
  return { score: ((cat * 17 + t[0]) * 17 + t[1]) * 17 + t[2], hand: HANDS[cat] };
}

function roulettePays(p, pocket) {
  if (p.bet === 'straight') return pocket === p.pick ? 360000 : 0;
  if (pocket === 0) return 0;
  const red = RED.includes(pocket);
  const covers = {
    red,
    black: !red,
    odd: pocket % 2 === 1,
    even: pocket % 2 === 0,
    low: pocket <= 18,
    high: pocket >= 19,
    dozen: Math.ceil(pocket / 12) === p.pick,
    column: ((pocket - 1) % 3) + 1 === p.pick,
  }[p.bet];
  return covers ? (p.bet === 'dozen' || p.bet === 'column' ? 30000 : 20000) : 0;
}

/** game → [float count, resolve(floats, params) → { outcome, multiplier }] */
const GAMES = {
  dice: [
    () => 1,
    (f, p) => {
      const roll = Math.floor(f[0] * 10000);
      const target = Math.round(p.target * 100);
      const winning = p.direction === 'under' ? target : 9999 - target;
      const win = p.direction === 'under' ? roll < target : roll > target;
      return { outcome: { roll: roll / 100 }, multiplier: win ? Math.floor(99000000 / winning) : 0 };
    },
  ],
  limbo: [
    () => 1,
    (f, p) => {
      const result = crashPoint(f[0]);
      const target = Math.round(p.target * 100);
      return { outcome: { result: result / 100 }, multiplier: result >= target ? target * 100 : 0 };
    },
  ],
  crash: [
    () => 1,
    (f, p) => {
      const point = crashPoint(f[0]);
      const cashout = Math.round(p.cashout * 100);
      return { outcome: { crash_point: point / 100 }, multiplier: point >= cashout ? cashout * 100 : 0 };
    },
  ],
  mines: [
    (p) => p.mines,
    (f, p) => {
      const mines = pick(f, 25, p.mines);
      const safe = p.tiles.every((tile) => !mines.includes(tile));
      const multiplier = Math.floor((0.99 * 10000 * choose(25, p.tiles.length)) / choose(25 - p.mines, p.tiles.length));
      return { outcome: { mines: [...mines].sort((a, b) => a - b) }, multiplier: safe ? multiplier : 0 };
    },
  ],
  plinko: [
    (p) => p.rows,
    (f, p) => {
      const path = f.slice(0, p.rows).map((x) => (x >= 0.5 ? 1 : 0));
      const bucket = path.reduce((sum, step) => sum + step, 0);
      return { outcome: { path, bucket }, multiplier: PLINKO[p.rows][bucket] };
    },
  ],
  'european-roulette': [
    () => 1,
    (f, p) => {
      const pocket = Math.floor(f[0] * 37);
      const color = pocket === 0 ? 'green' : RED.includes(pocket) ? 'red' : 'black';
      return { outcome: { pocket, color }, multiplier: roulettePays(p, pocket) };
    },
  ],
  'teen-patti': [
    () => 6,
    (f, p) => {
      const cards = pick(f, 52, 6);
      const a = [cards[0], cards[2], cards[4]];
      const b = [cards[1], cards[3], cards[5]];
      const sa = teenPattiScore(a);
      const sb = teenPattiScore(b);
      const winner = sa.score === sb.score ? 'tie' : sa.score > sb.score ? 'A' : 'B';
      const multiplier = winner === 'tie' ? 10000 : winner === p.side ? 19800 : 0;
      return { outcome: { a, b, a_hand: sa.hand, b_hand: sb.hand, winner }, multiplier };
    },
  ],
  'andar-bahar': [
    () => 52,
    (f, p) => {
      const deck = pick(f, 52, 52);
      const joker = deck[0];
      const andar = [];
      const bahar = [];
      let winner = 'andar';
      for (let i = 1; i < deck.length; i += 1) {
        const side = i % 2 === 1 ? andar : bahar;
        side.push(deck[i]);
        if (rank(deck[i]) === rank(joker)) {
          winner = side === andar ? 'andar' : 'bahar';
          break;
        }
      }
      return {
        outcome: { joker, andar, bahar, winner },
        multiplier: winner === p.side ? { andar: 19000, bahar: 20000 }[p.side] : 0,
      };
    },
  ],
  'dragon-tiger': [
    () => 2,
    (f, p) => {
      const [dragon, tiger] = pick(f, 52, 2);
      const winner = rank(dragon) === rank(tiger) ? 'tie' : rank(dragon) > rank(tiger) ? 'dragon' : 'tiger';
      return { outcome: { dragon, tiger, winner }, multiplier: winner === 'tie' ? 5000 : winner === p.side ? 20000 : 0 };
    },
  ],
  'lucky-7': [
    () => 1,
    (f, p) => {
      const [card] = pick(f, 52, 1);
      const result = rank(card) === 7 ? 'seven' : rank(card) < 7 ? 'low' : 'high';
      return { outcome: { card, result }, multiplier: result === p.bet ? { low: 21000, high: 21000, seven: 126000 }[p.bet] : 0 };
    },
  ],
};

export function verifyRound({ game, serverSeed, clientSeed, nonce, params }) {
  const entry = GAMES[game];
  if (!entry) throw new Error(`Unknown game ${game}; one of ${Object.keys(GAMES).join(', ')}`);
  const [count, resolve] = entry;
  return {
    server_seed_hash: createHash('sha256').update(serverSeed).digest('hex'),
    ...resolve(floats(serverSeed, clientSeed, nonce, count(params)), params),
  };
}

const isMain = process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href;
if (isMain) {
  const { values } = parseArgs({
    options: {
      game: { type: 'string' },
      'server-seed': { type: 'string' },
      'server-seed-hash': { type: 'string' },
      'client-seed': { type: 'string' },
      nonce: { type: 'string' },
      params: { type: 'string', default: '{}' },
      vectors: { type: 'string' },
    },
  });
  if (values.vectors) {
    const { seeds, vectors } = JSON.parse(readFileSync(values.vectors, 'utf8'));
    let failed = 0;
    for (const vector of vectors) {
      const result = verifyRound({ ...seeds, game: vector.game, nonce: vector.nonce, params: vector.params });
      const ok = JSON.stringify(result.outcome) === JSON.stringify(vector.outcome) && result.multiplier === vector.multiplier;
      if (!ok) failed += 1;
      console.log(`${ok ? 'ok  ' : 'FAIL'} ${vector.game} nonce ${vector.nonce}`);
    }
    console.log(`${vectors.length - failed} of ${vectors.length} vectors match`);
    process.exit(failed === 0 ? 0 : 1);
  }
  if (!values.game || !values['server-seed'] || values['client-seed'] === undefined || values.nonce === undefined) {
    console.error('usage: node scripts/verify-round.mjs --game G --server-seed S --client-seed C --nonce N --params JSON');
    process.exit(2);
  }
  const result = verifyRound({
    game: values.game,
    serverSeed: values['server-seed'],
    clientSeed: values['client-seed'],
    nonce: Number(values.nonce),
    params: JSON.parse(values.params),
  });
  console.log(JSON.stringify(result, null, 2));
  if (values['server-seed-hash'] && values['server-seed-hash'] !== result.server_seed_hash) {
    console.error('The server seed does not match the hash shown before play.');
    process.exit(1);
  }
}
