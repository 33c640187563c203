/**
 * Every TanStack Query key of the site and the console, in one place. A feature that reads data
 * another feature refreshes (the balance after a bet, a cash out or a deposit) names the same key
 * here instead of typing its own copy, so a renamed key cannot leave one reader stale.
 * Keys are tuples: a prefix invalidates everything under it (`queryKeys.bets.all` refreshes the
 * current bets, the history and every match book at once).
 */
export const queryKeys = {
  wallet: {
    /** `user/getUserBalance`: polled by the header, refreshed after anything that moves money. */
    balance: ['wallet', 'balance'] as const,
    buttons: ['wallet', 'buttons'] as const,
    report: (path: string, query: unknown) => ['wallet', 'report', path, query] as const,
  },
  bets: {
    all: ['bets'] as const,
    winLoss: (matchId: number) => ['bets', 'win-loss', matchId] as const,
    current: (page: number) => ['bets', 'current', page] as const,
    history: (query: unknown) => ['bets', 'history', query] as const,
  },
  payments: {
    deposit: (orderId: string | null) => ['payments', 'deposit', orderId] as const,
    kyc: ['payments', 'kyc'] as const,
    destinations: ['payments', 'destinations'] as const,
    withdrawInfo: ['payments', 'withdrawInfo'] as const,
    reports: ['payments', 'report'] as const,
    report: (path: string, query: unknown) => ['payments', 'report', path, query] as const,
    hasCreditedDeposit: ['payments', 'report', 'hasCreditedDeposit'] as const,
  },
  casino: {
    lobby: ['casino', 'lobby'] as const,
    games: (filter: unknown) => ['casino', 'games', filter] as const,
    providers: ['casino', 'providers'] as const,
    recent: ['casino', 'recent'] as const,
    favourites: ['casino', 'favourites'] as const,
    stakeButtons: ['casino', 'stake-buttons'] as const,
    result: (query: unknown) => ['casino', 'result', query] as const,
  },
  fair: {
    all: ['fair'] as const,
    state: (token: string, game: string) => ['fair', 'state', token, game] as const,
    round: (roundUuid: string | undefined) => ['fair', 'round', roundUuid] as const,
    crashRound: (roundNumber: number | undefined) => ['fair', 'crash-round', roundNumber] as const,
    crashChains: ['fair', 'crash-chains'] as const,
    crash: (token: string) => ['fair', 'crash', token] as const,
    roundChains: (game: string) => ['fair', 'round-chains', game] as const,
  },
  liveTable: {
    state: (token: string, table: string) => ['live-table', 'state', token, table] as const,
    round: (table: string, roundNumber: number) => ['live-table', 'round', table, roundNumber] as const,
    chains: (table: string) => ['live-table', 'chains', table] as const,
  },
  rg: {
    limits: ['rg', 'limits'] as const,
    session: ['rg', 'session'] as const,
  },
  notices: ['notices', 'list'] as const,
  activityLog: (query: unknown) => ['report', 'activityLog', query] as const,
  content: (language: string, slug: string) => ['content', language, slug] as const,
  shell: {
    frameHosts: ['shell', 'frameHosts'] as const,
    sports: ['sport', 'getSports'] as const,
  },
  sports: {
    series: (sportId: number) => ['series', 'getSeries', sportId] as const,
    matches: (sportId: number, seriesId: number | 'all') => ['match', 'getMatches', sportId, seriesId] as const,
    markets: (matchId: number) => ['market', 'getMarkets', matchId] as const,
    search: (search: string) => ['match', 'searchByMatchNameHeader', search] as const,
    live: ['match', 'getLiveMatches'] as readonly string[],
    upcoming: ['match', 'getUpcomingMatches'] as readonly string[],
  },
  globalSettings: ['globalSetting', 'getGlobalSetting'] as const,
  console: {
    /** Every console read: an operator's act refreshes them all. */
    all: ['console'] as const,
    /** One console endpoint's answer for one request. */
    endpoint: (path: string, body?: unknown) =>
      (body === undefined ? ['console', path] : ['console', path, body]) as readonly unknown[],
    settings: ['console', 'settings'] as const,
  },
} as const;
