/** The sports of docs/product.md §3 with their fixed ids, in the order the sidebar lists them. */
export const SPORTS = [
  { sportId: 4, name: 'cricket' },
  { sportId: -17, name: 'virtual t10' },
  { sportId: 1, name: 'football' },
  { sportId: 2, name: 'tennis' },
  { sportId: 7, name: 'horse racing' },
  { sportId: 4339, name: 'greyhound racing' },
  { sportId: 7522, name: 'basketball' },
  { sportId: 998917, name: 'volleyball' },
  { sportId: 7524, name: 'ice hockey' },
  { sportId: -4, name: 'kabaddi' },
  { sportId: 6, name: 'boxing' },
  { sportId: 8, name: 'motorcycle' },
  { sportId: 5, name: 'rugby union' },
  { sportId: 3503, name: 'darts' },
  { sportId: 27454571, name: 'e-sports' },
  { sportId: 451485, name: 'winter sports' },
  { sportId: -5, name: 'election' },
  { sportId: 61420, name: 'australian rules' },
  { sportId: 10, name: 'special bets' },
  { sportId: 6423, name: 'American football' },
  { sportId: 2152880, name: 'Gaelic games' },
  { sportId: 11, name: 'cycling' },
  { sportId: 1477, name: 'rugby league' },
  { sportId: 3, name: 'golf' },
  { sportId: 7511, name: 'baseball' },
  { sportId: 6422, name: 'snooker' },
] as const;

/** Sport 4 (cricket) is the sportsbook. */
export const SPORTSBOOK_SPORT_ID = 4;
/** The sports the footer links to (docs/product.md §2). */
export const FOOTER_SPORT_IDS = [1, 2, 7511, 27454571] as const;
/** External sportsbook launch (docs/product.md §9). */
export const SPORTSBOOK_PROVIDER = { providerName: 'SAP', gameId: 550000 } as const;
