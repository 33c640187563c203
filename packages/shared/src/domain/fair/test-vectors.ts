/**
 * The published test vectors (docs/casino-fairness.md): anyone's implementation must give these
 * outcomes and multipliers (×10 000) for these seeds. Never change one without a new rules
 * version (the docs keep the earlier rules: version 1 changed Dice, Limbo, Mines' order and Crash).
 */
export const FAIR_VECTOR_SEEDS = {
  serverSeed: '3f1d6a0e9b5c47d2a8e1f0c39b7d2e64c5a8f1b03d9e7c26a4f8b1d0e3c5a792',
  serverSeedHash: 'c011012733e4b3e90eafecb6332a2c31cc76699f8151ccec0ab2814b63bbc783',
  clientSeed: 'published-vectors',
} as const;

/** HMAC-SHA256(serverSeed, `${clientSeed}:0:0`) and its eight floats. */
export const FAIR_VECTOR_DIGEST_0 = '05fcca1b8525d7259f4a3255f92c5f51b893410773e57aa4e598521d7f7c1a25';
export const FAIR_VECTOR_FLOATS_0 = [
  0.023388511268422008, 0.520108648808673, 0.6222259004134685, 0.9733333180192858, 0.7209969179239124, 0.45272032264620066,
  0.8968554802704602, 0.497987398179248,
];

export const FAIR_VECTORS = [
  { game: 'dice', nonce: 0, params: { target: 50, direction: 'under' }, outcome: { roll: 2.33 }, multiplier: 19800 },
  { game: 'dice', nonce: 1, params: { target: 75.5, direction: 'over' }, outcome: { roll: 41.95 }, multiplier: 0 },
  { game: 'dice', nonce: 2, params: { target: 50, direction: 'under' }, outcome: { roll: 20.02 }, multiplier: 19800 },
  { game: 'limbo', nonce: 0, params: { target: 2 }, outcome: { result: 42.32 }, multiplier: 20000 },
  { game: 'limbo', nonce: 1, params: { target: 1.5 }, outcome: { result: 2.36 }, multiplier: 15000 },
  { game: 'limbo', nonce: 2, params: { target: 2 }, outcome: { result: 4.94 }, multiplier: 20000 },
  { game: 'mines', nonce: 0, params: { mines: 3, tiles: [0, 6, 12] }, outcome: { mines: [0, 13, 16] }, multiplier: 0 },
  { game: 'mines', nonce: 1, params: { mines: 5, tiles: [24] }, outcome: { mines: [10, 0, 4, 24, 1] }, multiplier: 0 },
  { game: 'mines', nonce: 2, params: { mines: 3, tiles: [0, 6, 12] }, outcome: { mines: [5, 22, 23] }, multiplier: 14785 },
  {
    game: 'plinko',
    nonce: 0,
    params: { rows: 16 },
    outcome: { path: [0, 1, 1, 1, 1, 0, 1, 0, 0, 1, 1, 0, 1, 0, 0, 1], bucket: 9 },
    multiplier: 10000,
  },
  { game: 'plinko', nonce: 1, params: { rows: 8 }, outcome: { path: [0, 0, 0, 1, 0, 1, 0, 0], bucket: 2 }, multiplier: 11000 },
  {
    game: 'plinko',
    nonce: 2,
    params: { rows: 16 },
    outcome: { path: [0, 1, 1, 1, 0, 1, 0, 1, 1, 0, 1, 0, 1, 0, 1, 1], bucket: 10 },
    multiplier: 11000,
  },
  { game: 'european-roulette', nonce: 0, params: { bet: 'red' }, outcome: { pocket: 0, color: 'green' }, multiplier: 0 },
  {
    game: 'european-roulette',
    nonce: 1,
    params: { bet: 'straight', pick: 17 },
    outcome: { pocket: 15, color: 'black' },
    multiplier: 0,
  },
  { game: 'european-roulette', nonce: 2, params: { bet: 'red' }, outcome: { pocket: 7, color: 'red' }, multiplier: 20000 },
  {
    game: 'teen-patti',
    nonce: 0,
    params: { side: 'A' },
    outcome: { a: [1, 33, 37], b: [27, 50, 22], a_hand: 'high card', b_hand: 'high card', winner: 'B' },
    multiplier: 0,
  },
  {
    game: 'teen-patti',
    nonce: 1,
    params: { side: 'B' },
    outcome: { a: [21, 7, 1], b: [0, 51, 39], a_hand: 'high card', b_hand: 'pair', winner: 'B' },
    multiplier: 19800,
  },
  {
    game: 'teen-patti',
    nonce: 2,
    params: { side: 'A' },
    outcome: { a: [10, 49, 13], b: [45, 32, 43], a_hand: 'pair', b_hand: 'pair', winner: 'A' },
    multiplier: 19800,
  },
  {
    game: 'andar-bahar',
    nonce: 0,
    params: { side: 'andar' },
    outcome: { joker: 1, andar: [27], bahar: [], winner: 'andar' },
    multiplier: 19000,
  },
  {
    game: 'andar-bahar',
    nonce: 1,
    params: { side: 'bahar' },
    outcome: { joker: 21, andar: [0, 51, 39, 2, 49, 15], bahar: [7, 1, 20, 16, 40, 34], winner: 'bahar' },
    multiplier: 20000,
  },
  {
    game: 'andar-bahar',
    nonce: 2,
    params: { side: 'andar' },
    outcome: { joker: 10, andar: [45], bahar: [49], winner: 'bahar' },
    multiplier: 0,
  },
  {
    game: 'dragon-tiger',
    nonce: 0,
    params: { side: 'dragon' },
    outcome: { dragon: 1, tiger: 27, winner: 'tie' },
    multiplier: 5000,
  },
  {
    game: 'dragon-tiger',
    nonce: 1,
    params: { side: 'tiger' },
    outcome: { dragon: 21, tiger: 0, winner: 'dragon' },
    multiplier: 0,
  },
  {
    game: 'dragon-tiger',
    nonce: 2,
    params: { side: 'dragon' },
    outcome: { dragon: 10, tiger: 45, winner: 'dragon' },
    multiplier: 20000,
  },
  { game: 'lucky-7', nonce: 0, params: { bet: 'low' }, outcome: { card: 1, result: 'low' }, multiplier: 21000 },
  { game: 'lucky-7', nonce: 1, params: { bet: 'seven' }, outcome: { card: 21, result: 'high' }, multiplier: 0 },
  { game: 'lucky-7', nonce: 2, params: { bet: 'low' }, outcome: { card: 10, result: 'high' }, multiplier: 0 },
  { game: 'classic-sevens', nonce: 0, params: { lines: 5 }, outcome: { stops: [0, 10, 12], wins: [] }, multiplier: 0 },
  {
    game: 'classic-sevens',
    nonce: 2,
    params: { lines: 5 },
    outcome: { stops: [4, 17, 19], wins: [{ line: 3, symbol: 'C', count: 2, pays: 6000 }] },
    multiplier: 6000,
  },
  {
    game: 'classic-sevens',
    nonce: 4,
    params: { lines: 5 },
    outcome: { stops: [7, 14, 15], wins: [{ line: 5, symbol: 'W', count: 3, pays: 66000 }] },
    multiplier: 66000,
  },
  { game: 'temple-twenty', nonce: 0, params: {}, outcome: { stops: [0, 15, 18, 29, 21], wins: [] }, multiplier: 0 },
  {
    game: 'temple-twenty',
    nonce: 9,
    params: {},
    outcome: { stops: [17, 21, 17, 25, 11], wins: [{ line: 19, symbol: 'T', count: 3, pays: 6000 }] },
    multiplier: 6000,
  },
  { game: 'lotus-ways', nonce: 0, params: {}, outcome: { stops: [0, 12, 14, 23, 17], wins: [] }, multiplier: 0 },
  {
    game: 'lotus-ways',
    nonce: 4,
    params: {},
    outcome: {
      stops: [8, 17, 18, 6, 3],
      wins: [
        { symbol: 'K', count: 3, ways: 1, pays: 4000 },
        { symbol: 'J', count: 5, ways: 1, pays: 24000 },
      ],
    },
    multiplier: 28000,
  },
  {
    game: 'star-spins',
    nonce: 0,
    params: {},
    outcome: { stops: [0, 15, 18, 29, 21], wins: [], scatters: 0, free_spins: [] },
    multiplier: 0,
  },
  {
    game: 'star-spins',
    nonce: 297,
    params: {},
    outcome: {
      stops: [17, 20, 24, 28, 27],
      wins: [],
      scatters: 3,
      free_spins: [
        { stops: [10, 11, 11, 5, 2], wins: [] },
        { stops: [16, 10, 28, 19, 22], wins: [] },
        { stops: [0, 22, 21, 23, 19], wins: [] },
        { stops: [28, 26, 18, 15, 24], wins: [] },
        { stops: [20, 27, 23, 5, 9], wins: [{ line: 2, symbol: 'J', count: 3, pays: 36000 }] },
        { stops: [6, 10, 11, 23, 8], wins: [] },
        { stops: [8, 4, 1, 12, 3], wins: [] },
        { stops: [11, 19, 6, 25, 28], wins: [] },
      ],
    },
    multiplier: 36000,
  },
] as const;

/**
 * A second seed pair whose rounds were also computed with Stake's published code (written out
 * independently in stake-compat.test.ts): a public Stake-scheme verifier gives these outcomes.
 */
export const STAKE_CROSS_CHECK_SEEDS = {
  serverSeed: 'fb847e874cd7785acd0aa6ac3f3fb41c4a66d24ab03014cec595af0fff8ad376',
  serverSeedHash: '1b101920a1f6f89ba9e41205dd2a8244a2415d071cb52980c43b0c6de812e6c2',
  clientSeed: 'stake-cross-check',
} as const;

export const STAKE_CROSS_CHECK_VECTORS = [
  { game: 'dice', nonce: 0, params: { target: 50, direction: 'under' }, outcome: { roll: 88.88 }, multiplier: 0 },
  { game: 'dice', nonce: 1, params: { target: 30, direction: 'over' }, outcome: { roll: 67.92 }, multiplier: 14142 },
  { game: 'limbo', nonce: 2, params: { target: 2 }, outcome: { result: 1.22 }, multiplier: 0 },
  {
    game: 'plinko',
    nonce: 3,
    params: { rows: 16 },
    outcome: { path: [0, 0, 0, 1, 0, 0, 1, 0, 1, 1, 0, 0, 0, 0, 1, 0], bucket: 5 },
    multiplier: 12000,
  },
  { game: 'mines', nonce: 4, params: { mines: 3, tiles: [0, 1, 2] }, outcome: { mines: [16, 6, 17] }, multiplier: 14785 },
  {
    game: 'mines',
    nonce: 5,
    params: { mines: 24, tiles: [12] },
    outcome: { mines: [3, 17, 10, 8, 13, 6, 22, 21, 9, 16, 1, 19, 0, 15, 7, 20, 18, 14, 11, 24, 4, 12, 5, 23] },
    multiplier: 0,
  },
  { game: 'european-roulette', nonce: 6, params: { bet: 'red' }, outcome: { pocket: 10, color: 'black' }, multiplier: 0 },
] as const;

/**
 * A published Crash chain of six rounds: the seed (position 6) hashed down to the terminating
 * hash, and each round's crash point from its hash and the salt (docs/casino-fairness.md, Crash).
 */
export const CRASH_CHAIN_VECTORS = {
  terminatingHash: 'e30d32046c5b2782aa8bb3d549432b4362363b7087c6b32c3906f4852f904e3a',
  salt: '968bd95bcb36ccb29004bbbef877a7e9acbd597998c0b8b177966401770ca826',
  saltHash: '08b5d5ba73600490a8155ee41f3abcafb3f62a6411079bdec89bc3a9f01e0edb',
  rounds: [
    { position: 1, hash: 'e8c9b71dd48388a3eb9c3719c75453698e754d992c1aaf2ffab7797848d5a15e', crash_point: 2.13 },
    { position: 2, hash: 'fd0adfbc28571ac6ff6f5a14030e02ea65bfb8add3a9f3ee2c71a431fa0c54e7', crash_point: 1.47 },
    { position: 3, hash: '32bfdffcd40ae4efb69c4e6cffeca326d2d184788956c9e1026a5ea376a0207f', crash_point: 4.84 },
    { position: 4, hash: '88feafa5471ab8f54f302552b4e7ca741e9cc1a39decac74b96af0309c3c9a62', crash_point: 17.69 },
    { position: 5, hash: '0679634d224a486e4dbc72a9f7528cff65d81d63133b0ad51a60a54cf377dcbf', crash_point: 8.64 },
    { position: 6, hash: 'ffd933054b71393cb0671b90e037f1587c21a41ca8596cf28907dea5fbc24ef6', crash_point: 1.35 },
  ],
} as const;
