#!/usr/bin/env node
/* global process, console, URL, fetch, Buffer */
// Verifies rounds of our provably fair games with nothing but Node ≥ 20 (no packages, no build),
// from public data only (docs/casino-fairness.md, "Checking rounds"):
//   node scripts/verify-round.mjs --game dice --server-seed S --client-seed C --nonce N \
//     --params '{"target":50,"direction":"under"}' [--server-seed-hash H]
//   node scripts/verify-round.mjs --game crash --round-hash H --salt S --position K \
//     --terminating-hash T [--salt-hash SH | --beacon-round R --beacon-signature SIG]
//   node scripts/verify-round.mjs --site https://casino.example --round ROUND_UUID [--commitment FILE]
//   node scripts/verify-round.mjs --site https://casino.example --crash-round N [--commitment FILE]
//   node scripts/verify-round.mjs --site https://casino.example --live TABLE:N [--commitment FILE]
// It prints the outcome and the multiplier and checks every commitment it is given. With --site it
// reads the site's public record; what it checks that record against is what YOU saved before
// playing (--commitment, the file the game page saves, or --saved-server-seed-hash,
// --saved-terminating-hash, --saved-beacon-round). Without one it can only check the record
// against itself, and says so: a site that served another seed with a matching hash, or another
// chain, would pass that. A drand-salted chain's beacon round is checked against drand quicknet's
// public key (written below, never taken from the site) when @noble/curves can be loaded (it is
// in this repository; elsewhere `npm i @noble/curves`); otherwise the check says it was not done.
// `--vectors FILE.json` checks published vectors instead. `--rules 1` recomputes a round played
// under the first rules (Dice, Limbo, Mines and Crash changed; docs/casino-fairness.md, Earlier
// rules).
// This is a second, independent copy of packages/shared/src/domain/fair: the tests run both on
// the published vectors, so neither can drift.
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
const MAX_POINT = 100_000_000;
// Limbo as Stake publishes it, operation by operation: 1e8 / (float * 1e8) * 0.99, floored to the cent.
const limboResult = (f) => {
  const hundredths = Math.floor((1e8 / (f * 1e8)) * 0.99 * 100);
  return Number.isFinite(hundredths) ? Math.max(100, hundredths) : 2 ** 32 * 100;
};
// Crash from a chain hash: n = first 4 bytes of HMAC-SHA256(key = round hash, message = salt).
const crashFromHash = (hash, salt) => {
  const n = BigInt(`0x${createHmac('sha256', hash).update(salt).digest('hex').slice(0, 8)}`);
  const point = Number((99n * 2n ** 32n) / (n + 1n));
  return Math.min(MAX_POINT, Math.max(100, point));
};
const sha256 = (text) => createHash('sha256').update(text).digest('hex');
// The first rules (version 1), for rounds played before they changed.
const crashPointV1 = (f) => Math.min(MAX_POINT, Math.max(100, Math.floor(99 / (1 - f))));
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

// Our slots (docs/casino-fairness.md, Slots): reel strips (one character per symbol), lines, pays.
const LINES_5X3 = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [1, 0, 1, 2, 1],
  [1, 2, 1, 0, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 0, 2, 0, 0],
  [2, 2, 0, 2, 2],
  [0, 2, 0, 2, 0],
];
const SLOTS = {
  'classic-sevens': {
    reels: ['C7LOBWCLOWCBLOCWLOCB', 'LCOBWL7OCLWBOLCWOLBC', 'OLBCW7LOCWLBOCLWOBLC'],
    lines: [
      [1, 1, 1],
      [0, 0, 0],
      [2, 2, 2],
      [0, 1, 2],
      [2, 1, 0],
    ],
    pays: { 7: [0, 0, 0, 300], B: [0, 0, 0, 60], W: [0, 0, 0, 33], O: [0, 0, 0, 21], L: [0, 0, 0, 12], C: [0, 0, 3, 18] },
  },
  'temple-twenty': {
    reels: [
      'TJQKAEPGTJQKAETJQKPTJQAEJQKTAP',
      'JQKTAEPTJGQKAEJQTKPJQAETKQJPAT',
      'QKTJAEPJQKTGAEQKJTPQKAEJTQKPAJ',
      'KTJQAEPKTJQAGEKTQJPKTAEQJKTPAQ',
      'TQJKAEPTQJKAETGQJKPTQAEJKTQPAJ',
    ],
    lines: LINES_5X3,
    pays: {
      G: [0, 0, 0, 300, 1500, 6000],
      P: [0, 0, 0, 125, 500, 1800],
      E: [0, 0, 0, 90, 300, 1200],
      A: [0, 0, 0, 30, 125, 600],
      K: [0, 0, 0, 30, 90, 500],
      Q: [0, 0, 0, 25, 60, 300],
      J: [0, 0, 0, 20, 50, 250],
      T: [0, 0, 0, 12, 40, 180],
    },
  },
  'lotus-ways': {
    reels: [
      'AKQJLMDAKQJLAKQJMAKQJLDA',
      'KQJALMKQDJAKQLJAMKQJADKQ',
      'QJAKLMQJAKDQJLAKMQJAKQDJ',
      'JAKQLMJADKQJLAKQMJAKQJDA',
      'AQKJLMAQKJDAQLKJAMQKJAQD',
    ],
    ways: 50,
    pays: {
      D: [0, 0, 0, 120, 350, 1200],
      M: [0, 0, 0, 60, 170, 600],
      L: [0, 0, 0, 45, 120, 450],
      A: [0, 0, 0, 20, 45, 170],
      K: [0, 0, 0, 20, 45, 170],
      Q: [0, 0, 0, 10, 30, 120],
      J: [0, 0, 0, 10, 30, 120],
    },
  },
  'star-spins': {
    reels: [
      'TJQKAMRSTJQKAMTJQKVTJQAMJQKTAR',
      'JQKTAMRTJVQKAMJQTKRJSQAMTKQJRA',
      'QKTJAMRJQKTVAMQKJTRQKAMJSTQKRA',
      'KTJQAMRKTJQAVMKTQJRKTAMQJKSTRA',
      'TQJKAMRTQJKAMTVQJKRTQAMJKTQRSA',
    ],
    freeReels: [
      'TJQKAMRVTJQKAMTJQKVTJQAMJQKTAR',
      'JQKTAMRTJVQKAMJQTKRJVQAMTKQJRA',
      'QKTJAMRJQKTVAMQKJTRQKAMJVTQKRA',
      'KTJQAMRKTJQAVMKTQJRKTAMQJKVTRA',
      'TQJKAMRTQJKAMTVQJKRTQAMJKTQRVA',
    ],
    lines: LINES_5X3.slice(0, 10),
    pays: {
      V: [0, 0, 0, 200, 600, 2000],
      R: [0, 0, 0, 100, 250, 500],
      M: [0, 0, 0, 80, 200, 400],
      A: [0, 0, 0, 35, 120, 300],
      K: [0, 0, 0, 35, 90, 250],
      Q: [0, 0, 0, 40, 80, 200],
      J: [0, 0, 0, 18, 70, 180],
      T: [0, 0, 0, 14, 60, 150],
    },
    // 3, 4, 5 scatters (S, anywhere) → 8, 12, 15 free spins on the free reels (no S), wins × 2.
    awards: { 3: 8, 4: 12, 5: 15 },
  },
};

/** One spin: the stops (floor(f × strip length)) and its wins, pays in ten-thousandths of the stake. */
function slotSpin(slot, reels, fs, lineCount, factor) {
  const stops = reels.map((strip, reel) => Math.floor(fs[reel] * strip.length));
  const shown = stops.map((stop, reel) => [0, 1, 2].map((row) => reels[reel][(stop + row) % reels[reel].length]));
  const wins = [];
  if (slot.ways) {
    for (const symbol of Object.keys(slot.pays)) {
      let ways = 1;
      let count = 0;
      for (const column of shown) {
        const n = column.filter((cell) => cell === symbol).length;
        if (n === 0) break;
        ways *= n;
        count += 1;
      }
      const pay = slot.pays[symbol][count] ?? 0;
      if (pay > 0) wins.push({ symbol, count, ways, pays: ((pay * factor * 10000) / slot.ways) * ways });
    }
  } else {
    slot.lines.slice(0, lineCount).forEach((line, index) => {
      const symbols = line.map((row, reel) => shown[reel][row]);
      let count = 0;
      while (count < symbols.length && symbols[count] === symbols[0]) count += 1;
      const pay = slot.pays[symbols[0]]?.[count] ?? 0;
      if (pay > 0) wins.push({ line: index + 1, symbol: symbols[0], count, pays: (pay * factor * 10000) / lineCount });
    });
  }
  return { stops, wins, shown };
}
const slotPaid = (wins) => wins.reduce((sum, win) => sum + win.pays, 0);
function slotGame(code) {
  const slot = SLOTS[code];
  const spins = slot.awards ? Math.max(...Object.values(slot.awards)) : 0;
  return [
    () => slot.reels.length * (1 + spins),
    (f, p) => {
      const lineCount = slot.ways ? 0 : (p.lines ?? slot.lines.length);
      const base = slotSpin(slot, slot.reels, f, lineCount, 1);
      let multiplier = slotPaid(base.wins);
      const outcome = { stops: base.stops, wins: base.wins };
      if (slot.awards) {
        const scatters = base.shown.flat().filter((cell) => cell === 'S').length;
        const free = [];
        for (let spin = 1; spin <= (slot.awards[scatters] ?? 0); spin += 1) {
          const { stops, wins } = slotSpin(slot, slot.freeReels, f.slice(spin * 5, spin * 5 + 5), lineCount, 2);
          multiplier += slotPaid(wins);
          free.push({ stops, wins });
        }
        outcome.scatters = scatters;
        outcome.free_spins = free;
      }
      return { outcome, multiplier };
    },
  ];
}

/** game → [float count, resolve(floats, params) → { outcome, multiplier }] */
const GAMES = {
  dice: [
    () => 1,
    (f, p) => {
      const roll = Math.floor(f[0] * 10001);
      const target = Math.round(p.target * 100);
      const winning = p.direction === 'under' ? target : 10000 - target;
      const win = p.direction === 'under' ? roll < target : roll > target;
      return { outcome: { roll: roll / 100 }, multiplier: win ? Math.floor(99000000 / winning) : 0 };
    },
  ],
  limbo: [
    () => 1,
    (f, p) => {
      const result = limboResult(f[0]);
      const target = Math.round(p.target * 100);
      return { outcome: { result: result / 100 }, multiplier: result >= target ? target * 100 : 0 };
    },
  ],
  mines: [
    (p) => p.mines,
    (f, p) => {
      const mines = pick(f, 25, p.mines);
      const safe = p.tiles.every((tile) => !mines.includes(tile));
      const multiplier = Math.floor((0.99 * 10000 * choose(25, p.tiles.length)) / choose(25 - p.mines, p.tiles.length));
      // In the order picked (Stake's order).
      return { outcome: { mines }, multiplier: safe ? multiplier : 0 };
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
  ...Object.fromEntries(Object.keys(SLOTS).map((code) => [code, slotGame(code)])),
};

/** The first rules (version 1): Dice over 10 000 rolls, Limbo on 1 − f, Mines sorted, Crash from seeds. */
const GAMES_V1 = {
  ...GAMES,
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
      const result = crashPointV1(f[0]);
      const target = Math.round(p.target * 100);
      return { outcome: { result: result / 100 }, multiplier: result >= target ? target * 100 : 0 };
    },
  ],
  mines: [
    GAMES.mines[0],
    (f, p) => {
      const { outcome, multiplier } = GAMES.mines[1](f, p);
      return { outcome: { mines: [...outcome.mines].sort((a, b) => a - b) }, multiplier };
    },
  ],
  // Version 1 crash rounds: the round's own server seed, client seed `crash`, nonce = round number.
  crash: [
    () => 1,
    (f, p) => {
      const point = crashPointV1(f[0]);
      const cashout = Math.round(p.cashout * 100);
      return { outcome: { crash_point: point / 100 }, multiplier: point >= cashout ? cashout * 100 : 0 };
    },
  ],
};

// Live tables (docs/casino.md, "Live tables"): each spot is a bet of the single-player game.
const ROULETTE_SPOTS = {
  red: { bet: 'red' },
  black: { bet: 'black' },
  odd: { bet: 'odd' },
  even: { bet: 'even' },
  low: { bet: 'low' },
  high: { bet: 'high' },
  'dozen-1': { bet: 'dozen', pick: 1 },
  'dozen-2': { bet: 'dozen', pick: 2 },
  'dozen-3': { bet: 'dozen', pick: 3 },
  zero: { bet: 'straight', pick: 0 },
};
const LIVE_TABLES = {
  'live-andar-bahar': { game: 'andar-bahar', spots: { andar: { side: 'andar' }, bahar: { side: 'bahar' } } },
  'live-teen-patti': { game: 'teen-patti', spots: { A: { side: 'A' }, B: { side: 'B' } } },
  'live-roulette': { game: 'european-roulette', spots: ROULETTE_SPOTS },
};

/** A live round: one outcome for every spot, and the spots that win something. */
export function verifyLiveRound({ table, serverSeed, clientSeed, nonce }) {
  const info = LIVE_TABLES[table];
  if (!info) throw new Error(`Unknown live table ${table}; one of ${Object.keys(LIVE_TABLES).join(', ')}`);
  let outcome = null;
  const winning = [];
  for (const [spot, params] of Object.entries(info.spots)) {
    const result = verifyRound({ game: info.game, serverSeed, clientSeed, nonce, params });
    outcome = result.outcome;
    if (result.multiplier > 0) winning.push(spot);
  }
  return { server_seed_hash: sha256(serverSeed), outcome, winning_spots: winning };
}

// drand quicknet (docs/casino-fairness.md, "A salt nobody chooses"): its published chain
// information, fixed for the life of the network. Written here, never read from a site.
export const QUICKNET = {
  chainHash: '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971',
  publicKey:
    '83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a',
  dst: 'BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_',
  genesisSeconds: 1692803367,
  periodSeconds: 3,
};

/**
 * A drand chain's salt: SHA-256 of the beacon round's signature, and the signature a BLS signature
 * on G1 of SHA-256(round, 8 bytes big end first) under quicknet's key. Resolves to
 * { problems, isSignatureChecked }.
 */
export async function checkBeacon({ round, signature, salt }) {
  const problems = [];
  if (!/^[0-9a-f]{96}$/.test(signature ?? ''))
    return { problems: ['The beacon signature is not 48 bytes of hex.'], isSignatureChecked: false };
  const randomness = createHash('sha256').update(Buffer.from(signature, 'hex')).digest('hex');
  if (randomness !== salt) problems.push("The salt is not SHA-256 of the beacon round's signature.");
  let bls;
  try {
    ({ bls12_381: bls } = await import('@noble/curves/bls12-381.js'));
  } catch {
    return { problems, isSignatureChecked: false };
  }
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(round));
  const short = bls.shortSignatures;
  let isValid;
  try {
    isValid = short.verify(
      Buffer.from(signature, 'hex'),
      short.hash(createHash('sha256').update(message).digest(), QUICKNET.dst),
      Buffer.from(QUICKNET.publicKey, 'hex'),
    );
  } catch {
    // Bytes that are no point of the curve: not a signature.
    isValid = false;
  }
  if (!isValid) problems.push(`The beacon signature is not drand quicknet's for round ${round}.`);
  return { problems, isSignatureChecked: true };
}

export function verifyRound({ game, serverSeed, clientSeed, nonce, params, rules = 2 }) {
  const table = rules === 1 ? GAMES_V1 : GAMES;
  const entry = table[game];
  if (!entry) {
    const hint = game === 'crash' ? ' (a crash round of a chain: --round-hash, --salt, --position, --terminating-hash)' : '';
    throw new Error(`Unknown game ${game}${hint}; one of ${Object.keys(table).join(', ')}`);
  }
  const [count, resolve] = entry;
  return { server_seed_hash: sha256(serverSeed), ...resolve(floats(serverSeed, clientSeed, nonce, count(params)), params) };
}

/**
 * One crash round of a published chain: its point from its hash and the chain's salt, and its
 * hash hashed `position` times must give the chain's terminating hash (published before round 1).
 */
export function verifyCrashRound({ roundHash, salt, position, terminatingHash, saltHash, previousHash, cashout }) {
  const point = crashFromHash(roundHash, salt);
  const problems = [];
  if (saltHash !== undefined && sha256(salt) !== saltHash) problems.push('The salt does not match its published commitment.');
  if (previousHash !== undefined && sha256(roundHash) !== previousHash)
    problems.push('SHA-256 of the round hash is not the previous round hash.');
  if (terminatingHash !== undefined) {
    let hash = roundHash;
    for (let step = 0; step < position; step += 1) hash = sha256(hash);
    if (hash !== terminatingHash) problems.push(`Hashing the round hash ${position} times does not give the terminating hash.`);
  }
  const target = cashout === undefined ? undefined : Math.round(cashout * 100);
  return {
    outcome: { crash_point: point / 100 },
    ...(target === undefined ? {} : { multiplier: point >= target ? target * 100 : 0 }),
    problems,
  };
}

/** Checks a list of published vectors: `{seeds, vectors}` and, optionally, `crash_chain`. */
export function checkVectors({ seeds, vectors = [], crash_chain: chain }) {
  const lines = [];
  let failed = 0;
  for (const vector of vectors) {
    const result = verifyRound({ ...seeds, game: vector.game, nonce: vector.nonce, params: vector.params });
    const ok = JSON.stringify(result.outcome) === JSON.stringify(vector.outcome) && result.multiplier === vector.multiplier;
    if (!ok) failed += 1;
    lines.push(`${ok ? 'ok  ' : 'FAIL'} ${vector.game} nonce ${vector.nonce}`);
  }
  for (const round of chain?.rounds ?? []) {
    const result = verifyCrashRound({
      roundHash: round.hash,
      salt: chain.salt,
      saltHash: chain.saltHash,
      position: round.position,
      terminatingHash: chain.terminatingHash,
    });
    const ok = result.problems.length === 0 && result.outcome.crash_point === round.crash_point;
    if (!ok) failed += 1;
    lines.push(`${ok ? 'ok  ' : 'FAIL'} crash chain position ${round.position}`);
  }
  const total = vectors.length + (chain?.rounds.length ?? 0);
  lines.push(`${total - failed} of ${total} vectors match`);
  return { failed, lines };
}

async function fetchData(site, path) {
  const response = await fetch(new URL(`/api/${path}`, site));
  const body = await response.json();
  if (!response.ok || body.status === false) throw new Error(`${path}: ${body.message ?? response.status}`);
  return body.data;
}

/**
 * What the player saved before playing: from the file the game page saves (--commitment) and the
 * --saved-… options. Empty when they gave nothing.
 */
export function savedCommitments(values) {
  const saved = { seedHashes: new Set(), chains: [] };
  if (values.commitment) {
    const file = JSON.parse(readFileSync(values.commitment, 'utf8'));
    if (file.kind !== 'fair-commitment') throw new Error(`${values.commitment} is not a saved commitment (kind fair-commitment)`);
    if (file.seeds)
      for (const hash of [file.seeds.server_seed_hash, file.seeds.next_server_seed_hash]) saved.seedHashes.add(hash);
    for (const chain of file.chains ?? []) {
      saved.chains.push({ terminatingHash: chain.terminating_hash, beaconRound: chain.beacon?.round, saltHash: chain.salt_hash });
    }
  }
  if (values['saved-server-seed-hash']) saved.seedHashes.add(values['saved-server-seed-hash']);
  if (values['saved-terminating-hash']) {
    const beaconRound = values['saved-beacon-round'] === undefined ? undefined : Number(values['saved-beacon-round']);
    saved.chains.push({ terminatingHash: values['saved-terminating-hash'], beaconRound });
  }
  return saved;
}

/**
 * A round of a published chain (Crash's or a live table's), from its public record: its hash down
 * to the chain's terminating hash, its salt (a checked drand round, or a committed one), both
 * against what the player saved when they did. Resolves to { problems, selfChecked, unchecked }.
 */
async function checkChainRound({ roundHash, previousHash, chain }, saved) {
  const problems = [];
  const selfChecked = [];
  const unchecked = [];
  const result = verifyCrashRound({
    roundHash,
    previousHash,
    salt: chain.salt,
    position: chain.position,
    terminatingHash: chain.terminating_hash,
    ...(chain.salt_source === 'self' ? { saltHash: chain.salt_hash } : {}),
  });
  problems.push(...result.problems);
  const mine = saved.chains.find((entry) => entry.terminatingHash === chain.terminating_hash);
  if (saved.chains.length === 0) selfChecked.push('the terminating hash');
  else if (!mine) problems.push(`The round's chain (terminating hash ${chain.terminating_hash}) is not a chain you saved.`);
  if (chain.salt_source === 'drand') {
    if (chain.beacon?.chain_hash !== QUICKNET.chainHash) problems.push('The chain is not salted by drand quicknet.');
    const beacon = await checkBeacon({ round: chain.beacon?.round, signature: chain.beacon?.signature, salt: chain.salt });
    problems.push(...beacon.problems);
    if (!beacon.isSignatureChecked) unchecked.push("the beacon round's BLS signature (install @noble/curves to check it)");
    if (mine?.beaconRound === undefined) selfChecked.push('the beacon round number');
    else if (mine.beaconRound !== chain.beacon?.round)
      problems.push(`The chain is salted by drand round ${chain.beacon?.round}, not round ${mine.beaconRound} that you saved.`);
  } else {
    unchecked.push('who chose the salt: the operator drew it (the offline fallback), so this chain could have been picked');
    if (mine?.saltHash && mine.saltHash !== chain.salt_hash) problems.push('The salt commitment is not the one you saved.');
    if (!mine?.saltHash) selfChecked.push('the salt commitment');
  }
  return { problems, selfChecked, unchecked, outcome: result.outcome };
}

/** Fetches a round's public record from the site and recomputes it. */
async function verifyFromSite(site, values, saved) {
  const report = { problems: [], selfChecked: [], unchecked: [] };
  const add = (part) => {
    report.problems.push(...(part.problems ?? []));
    report.selfChecked.push(...(part.selfChecked ?? []));
    report.unchecked.push(...(part.unchecked ?? []));
  };
  if (values.live) {
    const [, table, number] = /^([a-z0-9-]+):(\d+)$/.exec(values.live) ?? [];
    if (!table) throw new Error('--live takes TABLE:ROUND, e.g. live-roulette:12');
    const round = await fetchData(site, `fair/liveRound?table=${encodeURIComponent(table)}&round_number=${number}`);
    if (round.server_seed === null) return { ...report, problems: ['The round has no result yet: its seed is still secret.'] };
    const result = verifyLiveRound({ table, serverSeed: round.server_seed, clientSeed: round.client_seed, nonce: round.nonce });
    console.log(
      JSON.stringify(
        { table, round_number: round.round_number, outcome: result.outcome, winning_spots: result.winning_spots },
        null,
        2,
      ),
    );
    if (round.chain === null) {
      // A round from before chains: its own seed, committed by its hash while bets were open.
      if (result.server_seed_hash !== round.server_seed_hash) report.problems.push('The seed does not match the hash shown.');
      report.selfChecked.push('the seed hash (a round from before chains)');
    } else {
      if (round.client_seed !== round.chain.salt) report.problems.push("The round's client seed is not its chain's salt.");
      add(
        await checkChainRound({ roundHash: round.server_seed, previousHash: round.server_seed_hash, chain: round.chain }, saved),
      );
    }
    if (JSON.stringify(result.outcome) !== JSON.stringify(round.outcome))
      report.problems.push('The outcome differs from the one played.');
    if (JSON.stringify(result.winning_spots) !== JSON.stringify(round.winning_spots))
      report.problems.push('The winning spots differ from the ones paid.');
    return report;
  }
  if (values['crash-round']) {
    const round = await fetchData(site, `fair/crashRound?round_number=${encodeURIComponent(values['crash-round'])}`);
    if (round.server_seed === null) return { ...report, problems: ['The round has not crashed yet: its hash is still secret.'] };
    if (round.chain === null) {
      // A version 1 round (before chains): its own seed, client seed `crash`, nonce = round number.
      const result = verifyRound({
        game: 'crash',
        serverSeed: round.server_seed,
        clientSeed: 'crash',
        nonce: round.round_number,
        params: { cashout: 1.01 },
        rules: 1,
      });
      console.log(JSON.stringify({ round_number: round.round_number, rules: 1, outcome: result.outcome }, null, 2));
      if (result.server_seed_hash !== round.server_seed_hash) report.problems.push('The seed does not match the hash shown.');
      if (result.outcome.crash_point !== round.crash_point) report.problems.push('The crash point differs from the one played.');
      report.selfChecked.push('the seed hash (a round from before chains)');
      return report;
    }
    const checked = await checkChainRound(
      { roundHash: round.server_seed, previousHash: round.server_seed_hash, chain: round.chain },
      saved,
    );
    add(checked);
    console.log(JSON.stringify({ round_number: round.round_number, chain: round.chain.id, outcome: checked.outcome }, null, 2));
    if (checked.outcome.crash_point !== round.crash_point) report.problems.push('The crash point differs from the one played.');
    return report;
  }
  const round = await fetchData(site, `fair/round?round_uuid=${encodeURIComponent(values.round)}`);
  if (round.server_seed === null)
    return { ...report, problems: ['The server seed is not revealed yet: rotate the seed pair first.'] };
  const result = verifyRound({
    game: round.game_code,
    serverSeed: round.server_seed,
    clientSeed: round.client_seed,
    nonce: round.nonce,
    params: round.params,
    rules: round.rules,
  });
  console.log(JSON.stringify({ round_uuid: round.round_uuid, ...result }, null, 2));
  if (result.server_seed_hash !== round.server_seed_hash)
    report.problems.push('The server seed does not match the hash shown before play.');
  if (saved.seedHashes.size === 0) report.selfChecked.push('the server seed hash');
  else if (!saved.seedHashes.has(result.server_seed_hash))
    report.problems.push('The server seed does not match any server seed hash you saved.');
  if (JSON.stringify(result.outcome) !== JSON.stringify(round.outcome))
    report.problems.push('The outcome differs from the one played.');
  if (result.multiplier !== round.multiplier) report.problems.push('The multiplier differs from the one paid.');
  return report;
}

/** The verdict in plain words, and the exit code. */
export function verdict({ problems, selfChecked, unchecked }) {
  const lines = problems.map((problem) => `problem: ${problem}`);
  for (const item of unchecked) lines.push(`not checked: ${item}`);
  if (problems.length > 0) return { code: 1, lines: [...lines, 'NOT verified'] };
  if (selfChecked.length > 0) {
    lines.push(
      `checked against the site's own record only: ${selfChecked.join(', ')}. You gave no commitment saved before playing, ` +
        'so a site that served another seed with a matching hash, or another chain, would pass this check. ' +
        'Give --commitment FILE (saved from the game page) to check against what you saw then.',
    );
    return {
      code: 0,
      lines: [...lines, 'consistent: the round matches the site’s own record (not checked against a commitment you saved)'],
    };
  }
  return { code: 0, lines: [...lines, 'verified: the round matches the commitments you saved before playing'] };
}

const USAGE = `usage:
  node scripts/verify-round.mjs --game G --server-seed S --client-seed C --nonce N --params JSON [--server-seed-hash H] [--rules 1]
  node scripts/verify-round.mjs --game crash --round-hash H --salt S --position K --terminating-hash T [--salt-hash SH | --beacon-round R --beacon-signature SIG]
  node scripts/verify-round.mjs --site URL --round ROUND_UUID | --crash-round N | --live TABLE:N
      [--commitment FILE] [--saved-server-seed-hash H] [--saved-terminating-hash T [--saved-beacon-round R]]
  node scripts/verify-round.mjs --vectors FILE`;

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
      rules: { type: 'string', default: '2' },
      'round-hash': { type: 'string' },
      salt: { type: 'string' },
      'salt-hash': { type: 'string' },
      'beacon-round': { type: 'string' },
      'beacon-signature': { type: 'string' },
      position: { type: 'string' },
      'terminating-hash': { type: 'string' },
      site: { type: 'string' },
      round: { type: 'string' },
      'crash-round': { type: 'string' },
      live: { type: 'string' },
      commitment: { type: 'string' },
      'saved-server-seed-hash': { type: 'string' },
      'saved-terminating-hash': { type: 'string' },
      'saved-beacon-round': { type: 'string' },
      vectors: { type: 'string' },
    },
  });
  if (values.vectors) {
    const { failed, lines } = checkVectors(JSON.parse(readFileSync(values.vectors, 'utf8')));
    for (const line of lines) console.log(line);
    process.exit(failed === 0 ? 0 : 1);
  }
  if (values.site && (values.round || values['crash-round'] || values.live)) {
    const report = await verifyFromSite(values.site, values, savedCommitments(values));
    const { code, lines } = verdict(report);
    for (const line of lines) (line.startsWith('problem:') ? console.error : console.log)(line);
    process.exit(code);
  }
  if (values.game === 'crash' && values['round-hash']) {
    if (values.salt === undefined || values.position === undefined || values['terminating-hash'] === undefined) {
      console.error(USAGE);
      process.exit(2);
    }
    const result = verifyCrashRound({
      roundHash: values['round-hash'],
      salt: values.salt,
      saltHash: values['salt-hash'],
      position: Number(values.position),
      terminatingHash: values['terminating-hash'],
      cashout: values.params === '{}' ? undefined : JSON.parse(values.params).cashout,
    });
    if (values['beacon-round'] !== undefined) {
      const beacon = await checkBeacon({
        round: Number(values['beacon-round']),
        signature: values['beacon-signature'],
        salt: values.salt,
      });
      result.problems.push(...beacon.problems);
      if (!beacon.isSignatureChecked)
        console.log("not checked: the beacon round's BLS signature (install @noble/curves to check it)");
    }
    console.log(JSON.stringify(result, null, 2));
    for (const problem of result.problems) console.error(problem);
    process.exit(result.problems.length === 0 ? 0 : 1);
  }
  if (!values.game || !values['server-seed'] || values['client-seed'] === undefined || values.nonce === undefined) {
    console.error(USAGE);
    process.exit(2);
  }
  const result = verifyRound({
    game: values.game,
    serverSeed: values['server-seed'],
    clientSeed: values['client-seed'],
    nonce: Number(values.nonce),
    params: JSON.parse(values.params),
    rules: Number(values.rules),
  });
  console.log(JSON.stringify(result, null, 2));
  if (values['server-seed-hash'] && values['server-seed-hash'] !== result.server_seed_hash) {
    console.error('The server seed does not match the hash shown before play.');
    process.exit(1);
  }
}
