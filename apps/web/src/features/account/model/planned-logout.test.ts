import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LOGOUT_GRACE_MS,
  expectSessionEnd,
  isLoggingOut,
  markLeaving,
  planLogout,
  resetPlannedLogoutForTests,
  withdrawSessionEndExpectation,
} from './planned-logout';

describe('planned logout', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    resetPlannedLogoutForTests();
  });
  afterEach(() => vi.useRealTimers());

  it('runs the logout after the delay, with refusals expected meanwhile', () => {
    const leave = vi.fn();
    planLogout(2_000, leave);
    expect(isLoggingOut()).toBe(true);
    vi.advanceTimersByTime(1_999);
    expect(leave).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(leave).toHaveBeenCalledTimes(1);
    // Leaving for good: refusals during the reload stay expected.
    vi.advanceTimersByTime(LOGOUT_GRACE_MS * 10);
    expect(isLoggingOut()).toBe(true);
  });

  it('lets an expectation lapse, so a later real session end still alerts', () => {
    expectSessionEnd(5_000);
    expect(isLoggingOut()).toBe(true);
    vi.advanceTimersByTime(5_000);
    expect(isLoggingOut()).toBe(false);
  });

  it('keeps the longer of two expectations and can withdraw them', () => {
    expectSessionEnd(10_000);
    expectSessionEnd(1_000);
    vi.advanceTimersByTime(5_000);
    expect(isLoggingOut()).toBe(true);
    withdrawSessionEndExpectation();
    expect(isLoggingOut()).toBe(false);
  });

  it('a withdrawn expectation does not cancel a planned logout', () => {
    const leave = vi.fn();
    planLogout(2_000, leave);
    withdrawSessionEndExpectation();
    vi.advanceTimersByTime(2_000);
    expect(leave).toHaveBeenCalledTimes(1);
    expect(isLoggingOut()).toBe(true);
  });

  it('is expected for good once the page is leaving', () => {
    markLeaving();
    vi.advanceTimersByTime(LOGOUT_GRACE_MS * 10);
    expect(isLoggingOut()).toBe(true);
  });
});
