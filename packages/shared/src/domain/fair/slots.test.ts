import { describe, expect, it } from 'vitest';
import { fairGame } from './registry';
import { CLASSIC_SEVENS, LOTUS_WAYS, SLOT_DEFINITIONS, SLOT_RTP_PERCENT, STAR_SPINS, TEMPLE_TWENTY } from './games/slots';
import {
  countScatters,
  evaluateSlotSpin,
  playSlotRound,
  ratio,
  ratioPercent,
  type Ratio,
  type SlotDefinition,
  slotRtpExact,
  slotWindow,
} from './slots';

/** Every stop combination of `reels`, by brute force: the summed pay (×10 000 of the stake) and the count. */
function enumerate(reels: readonly string[], visit: (stops: number[]) => void) {
  const stops = reels.map(() => 0);
  for (;;) {
    visit(stops);
    let reel = reels.length - 1;
    while (reel >= 0 && (stops[reel] = ((stops[reel] ?? 0) + 1) % (reels[reel] ?? '').length) === 0) reel -= 1;
    if (reel < 0) return;
  }
}

const combos = (reels: readonly string[]) => reels.reduce((product, strip) => product * strip.length, 1);
const same = (a: Ratio, b: Ratio) => a.n * b.d === b.n * a.d;

/** The RTP of a slot by enumerating every base stop combination (and every free-spin combination). */
function enumeratedRtp(slot: SlotDefinition, lines: number): Ratio {
  const units = slot.kind === 'lines' ? lines : slot.units;
  const spinTotal = (reels: readonly string[], multiplier: number) => {
    let total = 0;
    enumerate(reels, (stops) => {
      for (const win of evaluateSlotSpin(slot, reels, stops, lines, units, multiplier)) total += win.pays;
    });
    return total;
  };
  const baseCombos = combos(slot.reels);
  let total = ratio(spinTotal(slot.reels, 1), baseCombos * 10_000);
  const feature = slot.freeSpins;
  if (feature) {
    const freeCombos = combos(feature.reels);
    const freeTotal = spinTotal(feature.reels, feature.multiplier);
    let awarded = 0;
    enumerate(slot.reels, (stops) => {
      awarded += feature.awards[countScatters(slot.reels, stops, feature.scatter)] ?? 0;
    });
    const free = ratio(BigInt(awarded) * BigInt(freeTotal), BigInt(baseCombos) * BigInt(freeCombos) * 10_000n);
    total = ratio(total.n * free.d + free.n * total.d, total.d * free.d);
  }
  return total;
}

/** A smaller slot with the same rules: each strip cut to its first symbols (a scatter kept). */
function toy(slot: SlotDefinition, length: number): SlotDefinition {
  const cut = (strip: string) => strip.slice(0, length);
  return {
    ...slot,
    reels: slot.reels.map((strip) => (slot.freeSpins ? cut(strip).slice(0, -1) + slot.freeSpins.scatter : cut(strip))),
    freeSpins: slot.freeSpins && { ...slot.freeSpins, reels: slot.freeSpins.reels.map(cut) },
  };
}

describe('slots', () => {
  it('states the exact RTP of the classic 3-reel slot, the same as enumerating all 8 000 stops, at 1 to 5 lines', () => {
    const exact = slotRtpExact(CLASSIC_SEVENS);
    for (const lines of [1, 3, 5]) expect(same(enumeratedRtp(CLASSIC_SEVENS, lines), exact)).toBe(true);
    expect(SLOT_RTP_PERCENT['classic-sevens']).toBe(ratioPercent(exact));
    expect(fairGame('classic-sevens').rtpPercent({ lines: 2 })).toBe(96.94);
  });

  it.each([
    ['lines', TEMPLE_TWENTY],
    ['ways', LOTUS_WAYS],
    ['free spins', STAR_SPINS],
  ] as const)('computes the exact RTP of a 5-reel %s slot as enumeration does (strips cut to 7)', (_kind, slot) => {
    const small = toy(slot, 7);
    const lines = slot.paylines.length;
    expect(same(enumeratedRtp(small, lines), slotRtpExact(small))).toBe(true);
  });

  it('states each slot its exact RTP, 2 decimals, between 95 and 97%', () => {
    expect(SLOT_RTP_PERCENT).toEqual({
      'classic-sevens': 96.94,
      'temple-twenty': 95.64,
      'lotus-ways': 95.93,
      'star-spins': 95.82,
    });
    for (const [code, slot] of Object.entries(SLOT_DEFINITIONS)) {
      expect(fairGame(code as keyof typeof SLOT_DEFINITIONS).rtpPercent({ lines: 5 })).toBe(ratioPercent(slotRtpExact(slot)));
    }
  });

  it('pays whole ten-thousandths of the stake on every line count', () => {
    for (const slot of Object.values(SLOT_DEFINITIONS)) {
      const divisors =
        slot.kind === 'lines' ? Array.from({ length: slot.paylines.length }, (_, index) => index + 1) : [slot.units];
      const counts = slot === CLASSIC_SEVENS ? divisors : [divisors.at(-1) ?? 1];
      for (const pays of Object.values(slot.pays))
        for (const pay of pays) for (const units of counts) expect(Number.isInteger((pay * 10_000) / units)).toBe(true);
    }
  });

  it('reads the window from the stops, wrapping, and pays a line from the leftmost reel', () => {
    expect(slotWindow(CLASSIC_SEVENS.reels, [19, 0, 0])).toEqual([
      ['B', 'C', '7'],
      ['L', 'C', 'O'],
      ['O', 'L', 'B'],
    ]);
    // 7 7 7 across the middle: reel stops that put each strip's 7 on row 1.
    const sevens = CLASSIC_SEVENS.reels.map((strip) => (strip.indexOf('7') + strip.length - 1) % strip.length);
    const floats = sevens.map((stop, reel) => (stop + 0.5) / (CLASSIC_SEVENS.reels[reel] ?? '').length);
    const round = playSlotRound(CLASSIC_SEVENS, floats, 1);
    expect(round.outcome.wins).toEqual([{ line: 1, symbol: '7', count: 3, pays: 3_000_000 }]);
    expect(round.multiplier).toBe(3_000_000);
  });

  it('awards free spins on three scatters, played on reels without scatters (no retrigger)', () => {
    for (const strip of STAR_SPINS.freeSpins?.reels ?? []) expect(strip).not.toContain('S');
    const scatterStops = STAR_SPINS.reels.map((strip) => strip.indexOf('S'));
    const floats = Array.from({ length: 80 }, (_, index) =>
      index < 3 ? ((scatterStops[index] ?? 0) + 0.5) / 30 : index < 5 ? 0.5 / 30 : 0.25,
    );
    const round = playSlotRound(STAR_SPINS, floats, 10);
    expect(round.outcome.scatters).toBe(3);
    expect(round.outcome.free_spins).toHaveLength(8);
  });
});
