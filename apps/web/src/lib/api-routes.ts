import type { endpoints as contract } from '@app/shared';

type Contract = typeof contract;

/**
 * The method and path of each endpoint the site calls, typed as the contract's own endpoint so
 * `callApi` infers the request and the answer from the contract (packages/shared/src/api).
 *
 * Why not import the contract's map: its values carry the zod schemas, and importing them puts
 * the whole contract and zod into the first page's script (about 20 KB compressed of the 120 KB
 * budget; docs/shell.md "Speed"). `callApi` needs only the method and path. `api-routes.test.ts`
 * fails when any of these differs from the contract, so they cannot drift.
 */
function route<N extends keyof Contract>(method: Contract[N]['method'], path: Contract[N]['path']): Contract[N] {
  // Only method and path exist at run time; callApi reads nothing else.
  return { method, path } as Contract[N];
}

export const endpoints = {
  getGlobalSetting: route<'getGlobalSetting'>('GET', 'globalSetting/getGlobalSetting'),
  getSports: route<'getSports'>('POST', 'sport/getSports'),
  getUserBalance: route<'getUserBalance'>('POST', 'user/getUserBalance'),
  updateUserWalletStatus: route<'updateUserWalletStatus'>('POST', 'user/updateUserWalletStatus'),
  getButtonValue: route<'getButtonValue'>('GET', 'user/getButtonValue'),
  setButtonValue: route<'setButtonValue'>('POST', 'user/setButtonValue'),
  accountStatement: route<'accountStatement'>('POST', 'report/accountStatement'),
  bonusHistory: route<'bonusHistory'>('POST', 'report/bonusHistory'),
  userBonus: route<'userBonus'>('POST', 'report/userBonus'),
  sendOtp: route<'sendOtp'>('POST', 'otp/sendOtp'),
  login: route<'login'>('POST', 'user/login'),
  demoLogin: route<'demoLogin'>('POST', 'user/demoLogin'),
  signup: route<'signup'>('POST', 'user/signup'),
  logout: route<'logout'>('POST', 'user/logout'),
  forgotPassword: route<'forgotPassword'>('POST', 'user/forgotPassord'),
  updatePassword: route<'updatePassword'>('POST', 'user/updatePassword'),
  firstTimeUpdatePassword: route<'firstTimeUpdatePassword'>('POST', 'user/firstTimeUpdatePassword'),
  getActivityLog: route<'getActivityLog'>('POST', 'report/activityLog'),
  // Sports: the header search and the sidebar's live counts are on every page; a sports page's
  // first data is requested while its code loads (app/route-data.ts).
  getSeries: route<'getSeries'>('POST', 'series/getSeries'),
  getMatches: route<'getMatches'>('POST', 'match/getMatches'),
  getMarkets: route<'getMarkets'>('POST', 'market/getMarkets'),
  searchByMatchNameHeader: route<'searchByMatchNameHeader'>('POST', 'match/searchByMatchNameHeader'),
  getLiveMatches: route<'getLiveMatches'>('POST', 'match/getLiveMatches'),
  getUpcomingMatches: route<'getUpcomingMatches'>('POST', 'match/getUpcomingMatches'),
  // Bets: placement, the book on the match page and the reports.
  placeMarketBet: route<'placeMarketBet'>('POST', 'bet/placeMarketBet'),
  placeFancyBet: route<'placeFancyBet'>('POST', 'bet/placeFancyBet'),
  getWinLossList: route<'getWinLossList'>('POST', 'bet/getWinLossList'),
  cashOutQuote: route<'cashOutQuote'>('POST', 'bet/cashOutQuote'),
  cashOut: route<'cashOut'>('POST', 'bet/cashOut'),
  currentBets: route<'currentBets'>('POST', 'report/currentBets'),
  betHistory: route<'betHistory'>('POST', 'report/betHistory'),
  // Casino: the lobby is /home's content.
  getProvidersList: route<'getProvidersList'>('GET', 'worldCasino/getProvidersList'),
  casinoLobby: route<'casinoLobby'>('GET', 'casino/lobby'),
  casinoGameList: route<'casinoGameList'>('GET', 'casino/gameList'),
  casinoRecent: route<'casinoRecent'>('GET', 'casino/recent'),
  casinoFavourites: route<'casinoFavourites'>('GET', 'casino/favourites'),
  casinoSetFavourite: route<'casinoSetFavourite'>('POST', 'casino/setFavourite'),
  launchGame: route<'launchGame'>('POST', 'casino/launchGame'),
  gapLogin: route<'gapLogin'>('POST', 'gap/gaplogin'),
  casinoResult: route<'casinoResult'>('POST', 'report/casinoResult'),
  // Payments (the wallet menu's pages).
  createDeposit: route<'createDeposit'>('POST', 'payment/createDeposit'),
  getDeposit: route<'getDeposit'>('POST', 'payment/getDeposit'),
  addDestination: route<'addDestination'>('POST', 'payment/addDestination'),
  getDestinations: route<'getDestinations'>('POST', 'payment/getDestinations'),
  getWithdrawInfo: route<'getWithdrawInfo'>('POST', 'payment/getWithdrawInfo'),
  requestWithdraw: route<'requestWithdraw'>('POST', 'payment/requestWithdraw'),
  cancelWithdraw: route<'cancelWithdraw'>('POST', 'payment/cancelWithdraw'),
  kycSubmit: route<'kycSubmit'>('POST', 'kyc/submit'),
  kycStatus: route<'kycStatus'>('POST', 'kyc/status'),
  depositStatement: route<'depositStatement'>('POST', 'report/depositStatement'),
  withdrawStatement: route<'withdrawStatement'>('POST', 'report/withdrawStatement'),
  // Notices to the player (docs/accounts.md "Notices").
  noticeList: route<'noticeList'>('POST', 'notice/list'),
  noticeMarkRead: route<'noticeMarkRead'>('POST', 'notice/markRead'),
  // Responsible play: the controls page, the reality check and the session clock (docs/responsible-play.md).
  rgGetLimits: route<'rgGetLimits'>('POST', 'rg/getLimits'),
  rgSetLimit: route<'rgSetLimit'>('POST', 'rg/setLimit'),
  rgConfirmLimit: route<'rgConfirmLimit'>('POST', 'rg/confirmLimit'),
  rgSetSessionControls: route<'rgSetSessionControls'>('POST', 'rg/setSessionControls'),
  rgPause: route<'rgPause'>('POST', 'rg/pause'),
  rgRequestReturn: route<'rgRequestReturn'>('POST', 'rg/requestReturn'),
  rgSession: route<'rgSession'>('POST', 'rg/session'),
  rgContinueSession: route<'rgContinueSession'>('POST', 'rg/continueSession'),
} satisfies Partial<Contract>;

/**
 * The live push socket, as the contract's LIVE_SOCKET_PATH: that module also holds the live
 * messages' schemas, and importing the constant from it put zod into every sports page.
 */
export const LIVE_SOCKET_PATH = '/api/ws';

/** `GET upload/image/{file}`: operator images (logo, favicon, welcome banner); as UPLOAD_IMAGE_PATH. */
export const UPLOAD_IMAGE_PATH = 'upload/image';
