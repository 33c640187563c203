import {
  demoLogin,
  firstTimeUpdatePassword,
  forgotPassword,
  getActivityLog,
  login,
  logout,
  sendOtp,
  signup,
  updatePassword,
} from './account';
import {
  casinoFavourites,
  casinoGameList,
  casinoLobby,
  casinoRecent,
  casinoResult,
  casinoSetFavourite,
  fairCrashBet,
  fairCrashChains,
  fairCrashCashout,
  fairCrashRound,
  fairCrashState,
  fairPlay,
  fairRotateSeed,
  fairRound,
  fairSetClientSeed,
  fairState,
  gapLogin,
  getProvidersList,
  launchGame,
} from './casino';
import { getGlobalSetting } from './settings';
import { betHistory, currentBets, getWinLossList, placeFancyBet, placeMarketBet } from './bets';
import { getMarkets } from './markets';
import { getSports } from './sports';
import { getLiveMatches, getMatches, getSeries, getUpcomingMatches, searchByMatchNameHeader } from './sports';
import {
  accountStatement,
  bonusHistory,
  getButtonValue,
  getUserBalance,
  setButtonValue,
  updateUserWalletStatus,
  userBonus,
} from './wallet';

/** The endpoint map: every JSON endpoint of the API, declared once. */
export const endpoints = {
  getGlobalSetting,
  getSports,
  getUserBalance,
  updateUserWalletStatus,
  getButtonValue,
  setButtonValue,
  accountStatement,
  bonusHistory,
  userBonus,
  sendOtp,
  login,
  demoLogin,
  signup,
  logout,
  forgotPassword,
  updatePassword,
  firstTimeUpdatePassword,
  getActivityLog,
  getSeries,
  getMatches,
  searchByMatchNameHeader,
  getLiveMatches,
  getUpcomingMatches,
  getMarkets,
  getProvidersList,
  casinoLobby,
  casinoGameList,
  casinoRecent,
  casinoFavourites,
  casinoSetFavourite,
  launchGame,
  gapLogin,
  casinoResult,
  fairState,
  fairPlay,
  fairSetClientSeed,
  fairRotateSeed,
  fairRound,
  fairCrashState,
  fairCrashBet,
  fairCrashCashout,
  fairCrashRound,
  fairCrashChains,
  placeMarketBet,
  placeFancyBet,
  getWinLossList,
  currentBets,
  betHistory,
} as const;

export type EndpointName = keyof typeof endpoints;

/** Operator-uploaded images (logo, favicon, welcome banner): `GET upload/image/{file}`. */
export const UPLOAD_IMAGE_PATH = 'upload/image';
