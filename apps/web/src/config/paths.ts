import { isRacingSport } from '@app/shared';

/** One registry of the site's routes (docs/product.md §2). Build links from here, never by hand. */
export const paths = {
  home: '/home',
  gameList: (group: 'slot' | 'Live-Casino') => `/home/group/all-game-list/${group}`,
  brinoGameList: (group: 'table-game' | 'super-game' | 'virtual-game') => `/home/group/brino-game-list/${group}`,
  indianCasino: '/home/group/indian-game-list/SN',
  providers: '/home/group/list',
  recent: '/home/recent',
  favourites: '/home/favourites',
  sport: (sportId: number) => `/sports/${sportId}`,
  liveSports: '/sports/live/all',
  upcomingSports: '/sports/upcoming/all',
  sportDetail: (matchId: string | number) => `/sports-detail/${matchId}`,
  racingDetail: (matchId: string | number) => `/sports-racing-detail/${matchId}`,
  /** A match's page, or a race's card for the racing sports. */
  eventDetail: (sportId: number, matchId: string | number) =>
    isRacingSport(sportId) ? `/sports-racing-detail/${matchId}` : `/sports-detail/${matchId}`,
  sportbook: (url: string) => `/sportbook?url=${encodeURIComponent(url)}`,
  deposit: '/deposit',
  withdraw: '/withdraw',
  report: {
    accountStatement: '/report/account-statement',
    bonusHistory: '/report/bouns-history',
    userBonus: '/report/user-bouns',
    currentBets: '/report/current-bets',
    betHistory: '/report/bet-history',
    casinoResult: '/report/casino-result',
    depositStatement: '/report/deposit-statement',
    withdrawStatement: '/report/withdraw-statement',
    activityLog: '/report/activity-log',
  },
  provablyFair: '/provably-fair',
  responsibleGambling: '/responsible-gambling',
  policy: (slug: 'self-exclusion' | 'privacy' | 'anti-money-laundering' | 'terms') => `/policies/${slug}`,
  affiliate: '/affiliate',
  blog: (slug: string) => `/blog/${slug}`,
} as const;
