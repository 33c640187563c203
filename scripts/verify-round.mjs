#!/usr/bin/env node
/* global process, console, URL, fetch */
// Verifies rounds of our provably fair games with nothing but Node ≥ 20 (no packages, no build),
// from public data only (docs/casino-fairness.md):
//   node scripts/verify-round.mjs --game dice --server-seed S --client-seed C --nonce N \
//     --params '{"target":50,"direction":"under"}' [--server-seed-hash H]
//   node scripts/verify-round.mjs --game crash --round-hash H --salt S --position K \
//     --terminating-hash T [--salt-hash SH]
//   node scripts/verify-round.mjs --site https://casino.example --round ROUND_UUID
//   node scripts/verify-round.mjs --site https://casino.example --crash-round N
// It prints the outcome and the multiplier and checks every commitment it is given (the server
// seed against the hash shown before play; a crash round's hash down its chain to the published
// terminating hash, the salt against its commitment). `--vectors FILE.json` checks published
// vectors instead. `--rules 1` recomputes a round played under the first rules (Dice, Limbo,
// Mines and Crash changed; docs/casino-fairness.md, Earlier rules).
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

/** Fetches a round's public record from the site and recomputes it; resolves to the problems found. */
async function verifyFromSite(site, values) {
  if (values['crash-round']) {
    const round = await fetchData(site, `fair/crashRound?round_number=${encodeURIComponent(values['crash-round'])}`);
    if (round.server_seed === null) return ['The round has not crashed yet: its hash is still secret.'];
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
      return [
        ...(result.server_seed_hash === round.server_seed_hash ? [] : ['The seed does not match the hash shown.']),
        ...(result.outcome.crash_point === round.crash_point ? [] : ['The crash point differs from the one played.']),
      ];
    }
    const result = verifyCrashRound({
      roundHash: round.server_seed,
      previousHash: round.server_seed_hash,
      salt: round.chain.salt,
      saltHash: round.chain.salt_hash,
      position: round.chain.position,
      terminatingHash: round.chain.terminating_hash,
    });
    console.log(JSON.stringify({ round_number: round.round_number, chain: round.chain.id, ...result }, null, 2));
    return [
      ...result.problems,
      ...(result.outcome.crash_point === round.crash_point ? [] : ['The crash point differs from the one played.']),
    ];
  }
  const round = await fetchData(site, `fair/round?round_uuid=${encodeURIComponent(values.round)}`);
  if (round.server_seed === null) return ['The server seed is not revealed yet: rotate the seed pair first.'];
  const result = verifyRound({
    game: round.game_code,
    serverSeed: round.server_seed,
    clientSeed: round.client_seed,
    nonce: round.nonce,
    params: round.params,
    rules: round.rules,
  });
  console.log(JSON.stringify({ round_uuid: round.round_uuid, ...result }, null, 2));
  return [
    ...(result.server_seed_hash === round.server_seed_hash ? [] : ['The server seed does not match the hash shown before play.']),
    ...(JSON.stringify(result.outcome) === JSON.stringify(round.outcome) ? [] : ['The outcome differs from the one played.']),
    ...(result.multiplier === round.multiplier ? [] : ['The multiplier differs from the one paid.']),
  ];
}

const USAGE = `usage:
  node scripts/verify-round.mjs --game G --server-seed S --client-seed C --nonce N --params JSON [--server-seed-hash H] [--rules 1]
  node scripts/verify-round.mjs --game crash --round-hash H --salt S --position K --terminating-hash T [--salt-hash SH]
  node scripts/verify-round.mjs --site URL --round ROUND_UUID | --crash-round N
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
      position: { type: 'string' },
      'terminating-hash': { type: 'string' },
      site: { type: 'string' },
      round: { type: 'string' },
      'crash-round': { type: 'string' },
      vectors: { type: 'string' },
    },
  });
  if (values.vectors) {
    const { failed, lines } = checkVectors(JSON.parse(readFileSync(values.vectors, 'utf8')));
    for (const line of lines) console.log(line);
    process.exit(failed === 0 ? 0 : 1);
  }
  if (values.site && (values.round || values['crash-round'])) {
    const problems = await verifyFromSite(values.site, values);
    for (const problem of problems) console.error(problem);
    console.log(problems.length === 0 ? 'verified: the round matches its public record' : 'NOT verified');
    process.exit(problems.length === 0 ? 0 : 1);
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
