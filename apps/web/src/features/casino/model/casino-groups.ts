import type { CasinoCategory } from '@app/shared';

/** The spec's list routes and the category each shows, with its title key. */
export const GROUP_TITLES: Record<CasinoCategory, string> = {
  slot: 'casino.groups.slot',
  'Live-Casino': 'casino.groups.liveCasino',
  'table-game': 'casino.groups.tableGame',
  'super-game': 'casino.groups.superGame',
  'virtual-game': 'casino.groups.virtualGame',
  SN: 'casino.groups.indian',
};

export const ALL_GAME_GROUPS: readonly CasinoCategory[] = ['slot', 'Live-Casino'];
export const BRINO_GAME_GROUPS: readonly CasinoCategory[] = ['table-game', 'super-game', 'virtual-game'];

export function groupPath(category: CasinoCategory): string {
  if (category === 'SN') return '/home/group/indian-game-list/SN';
  return ALL_GAME_GROUPS.includes(category) ? `/home/group/all-game-list/${category}` : `/home/group/brino-game-list/${category}`;
}

/** Game art: `${base}/${image}` (the spec's avif names); a relative base stays on this site. */
export function gameImageUrl(base: string, image: string): string {
  return `${base.replace(/\/+$/, '')}/${encodeURIComponent(image)}`;
}

/** Spec §2: the Indian casino shows when a provider's name contains the configured text. */
export function hasIndianCasino(providerNames: readonly string[], substring: string): boolean {
  const needle = substring.toLowerCase();
  return needle.length > 0 && providerNames.some((name) => name.toLowerCase().includes(needle));
}

/**
 * GROUP_TITLES has a key for every category (the Record type demands it), so it doubles as the
 * list: the contract's CASINO_CATEGORIES sits beside its zod schemas, and importing it would bring
 * zod onto /home (docs/shell.md "Speed").
 */
export function isCasinoCategory(value: string): value is CasinoCategory {
  return Object.hasOwn(GROUP_TITLES, value);
}
