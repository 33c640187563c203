/**
 * The published test vectors (docs/casino-fairness.md): anyone's implementation must give these
 * outcomes and multipliers (×10 000) for these seeds. Never change one without a new game version.
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
  { game: 'dice', nonce: 1, params: { target: 75.5, direction: 'over' }, outcome: { roll: 41.94 }, multiplier: 0 },
  { game: 'dice', nonce: 2, params: { target: 50, direction: 'under' }, outcome: { roll: 20.02 }, multiplier: 19800 },
  { game: 'limbo', nonce: 0, params: { target: 2 }, outcome: { result: 1.01 }, multiplier: 0 },
  { game: 'limbo', nonce: 1, params: { target: 1.5 }, outcome: { result: 1.7 }, multiplier: 15000 },
  { game: 'limbo', nonce: 2, params: { target: 2 }, outcome: { result: 1.23 }, multiplier: 0 },
  { game: 'mines', nonce: 0, params: { mines: 3, tiles: [0, 6, 12] }, outcome: { mines: [0, 13, 16] }, multiplier: 0 },
  { game: 'mines', nonce: 1, params: { mines: 5, tiles: [24] }, outcome: { mines: [0, 1, 4, 10, 24] }, multiplier: 0 },
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
  { game: 'crash', nonce: 0, params: { cashout: 2 }, outcome: { crash_point: 1.01 }, multiplier: 0 },
  { game: 'crash', nonce: 1, params: { cashout: 1.2 }, outcome: { crash_point: 1.7 }, multiplier: 12000 },
  { game: 'crash', nonce: 2, params: { cashout: 2 }, outcome: { crash_point: 1.23 }, multiplier: 0 },
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
] as const;
