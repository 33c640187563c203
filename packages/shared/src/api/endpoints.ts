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
import { getGlobalSetting } from './settings';
import { getSports } from './sports';
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
} as const;

export type EndpointName = keyof typeof endpoints;

/** Operator-uploaded images (logo, favicon, welcome banner): `GET upload/image/{file}`. */
export const UPLOAD_IMAGE_PATH = 'upload/image';
