/**
 * Wallet rules both sides need: the bonus wallets, stake buttons and report windows.
 * The reasons behind each number are in docs/wallet.md.
 */

/** `active_wallet`: 1 split, 2 wager, anything else none (docs/product.md §3). */
export const ACTIVE_WALLET = { none: 0, split: 1, wager: 2 } as const;
export type ActiveWallet = (typeof ACTIVE_WALLET)[keyof typeof ACTIVE_WALLET];
export type BonusWallet = 'split' | 'wager';

/** Wager wallet: settled turnover of this many times the bonus releases what is left (UK cap). */
export const WAGER_REQUIREMENT_MULTIPLIER = 10;
/** Split wallet: each time turnover reaches the bonus amount, this share (basis points) of what remains is released. */
export const SPLIT_RELEASE_SHARE_BP = 1_000;
/** A split release smaller than this (₹1) releases the whole remainder, so a bonus always finishes. */
export const SPLIT_MIN_RELEASE_PAISE = 100;
/** An unreleased bonus expires this long after it was granted. */
export const BONUS_LIFETIME_DAYS = 30;

/** Play money a fresh demo account starts with (₹1,500). */
export const DEMO_PLAY_MONEY_PAISE = 150_000;

/** A single operator movement above this (₹1 crore) is refused as absurd. */
export const MAX_OPERATOR_AMOUNT_PAISE = 1_000_000_000;

export type ButtonType = 'Game' | 'Casino';
export const BUTTON_TYPES: readonly ButtonType[] = ['Game', 'Casino'];
export const MAX_BUTTONS_PER_TYPE = 20;
export const MAX_BUTTON_NAME_LENGTH = 20;
/** A stake button above ₹1 crore is not a stake anyone means. */
export const MAX_BUTTON_VALUE_RUPEES = 10_000_000;

export interface StakeButton {
  button_name: string;
  button_value: number;
  type: ButtonType;
}

/** Stake buttons a new player starts with (whole rupees). */
export const DEFAULT_STAKE_BUTTONS: readonly StakeButton[] = [
  ...(
    [
      ['100', 100],
      ['500', 500],
      ['1K', 1_000],
      ['5K', 5_000],
      ['10K', 10_000],
      ['25K', 25_000],
      ['50K', 50_000],
      ['1L', 100_000],
    ] as const
  ).map(([button_name, button_value]) => ({ button_name, button_value, type: 'Game' as const })),
  ...(
    [
      ['10', 10],
      ['50', 50],
      ['100', 100],
      ['500', 500],
      ['1K', 1_000],
      ['5K', 5_000],
    ] as const
  ).map(([button_name, button_value]) => ({ button_name, button_value, type: 'Casino' as const })),
];

/** Reports: dates are calendar days in India (UTC+05:30, no daylight saving). */
export const REPORT_UTC_OFFSET_MINUTES = 330;
/** One query may span at most this many days; any day back in time may be asked for. */
export const MAX_REPORT_RANGE_DAYS = 366;
export const DEFAULT_REPORT_RANGE_DAYS = 7;
export const MAX_REPORT_PAGE_SIZE = 100;
export const DEFAULT_REPORT_PAGE_SIZE = 20;

const DAY_MS = 86_400_000;

/** True for a real 'YYYY-MM-DD' calendar day (no 30 February). */
export function isCalendarDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const time = Date.parse(`${text}T00:00:00Z`);
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === text;
}

/** 'YYYY-MM-DD' of the India calendar day holding `epochMs`. */
export function reportDay(epochMs: number): string {
  return new Date(epochMs + REPORT_UTC_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10);
}

/** The epoch-ms window [start, end) of India calendar days `from`..`to` inclusive. */
export function reportWindow(from: string, to: string): { startMs: number; endMs: number } {
  const offset = REPORT_UTC_OFFSET_MINUTES * 60_000;
  return { startMs: Date.parse(`${from}T00:00:00Z`) - offset, endMs: Date.parse(`${to}T00:00:00Z`) + DAY_MS - offset };
}

/** `days` India calendar days back from `epochMs`: the default report range. */
export function defaultReportRange(epochMs: number, days = DEFAULT_REPORT_RANGE_DAYS): { from: string; to: string } {
  return { from: reportDay(epochMs - (days - 1) * DAY_MS), to: reportDay(epochMs) };
}

/** Days from `from` to `to` inclusive (both 'YYYY-MM-DD'). */
export function reportRangeDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}
