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

/** The endpoint map: every JSON endpoint of the API, declared once. */
export const endpoints = {
  getGlobalSetting,
  getSports,
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
