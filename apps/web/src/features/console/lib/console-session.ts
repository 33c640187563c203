import { useSyncExternalStore } from 'react';

/**
 * The operator's console session, kept apart from the player's (which lives in localStorage under
 * `token`): session storage under its own keys, so it ends with the tab and a player's token never
 * rides on a console call, nor an operator's on a player call (docs/console.md).
 */
export const CONSOLE_STORAGE_KEYS = {
  token: 'consoleToken',
  role: 'consoleRole',
  name: 'consoleOperator',
  permissions: 'consolePermissions',
} as const;

export interface ConsoleSession {
  token: string;
  role: string;
  operator: string;
  /** What the server said the role may do at login (the contract's role map). */
  permissions: readonly string[];
}

function readPermissions(): string[] {
  try {
    const parsed = JSON.parse(sessionStorage.getItem(CONSOLE_STORAGE_KEYS.permissions) ?? '[]') as unknown;
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

const listeners = new Set<() => void>();
let snapshot: ConsoleSession | null | undefined;

function read(): ConsoleSession | null {
  try {
    const token = sessionStorage.getItem(CONSOLE_STORAGE_KEYS.token);
    const role = sessionStorage.getItem(CONSOLE_STORAGE_KEYS.role);
    const operator = sessionStorage.getItem(CONSOLE_STORAGE_KEYS.name) ?? '';
    return token && role ? { token, role, operator, permissions: readPermissions() } : null;
  } catch {
    return null;
  }
}

function notify(): void {
  snapshot = read();
  for (const listener of listeners) listener();
}

export function getConsoleSession(): ConsoleSession | null {
  if (snapshot === undefined) snapshot = read();
  return snapshot;
}

export function storeConsoleSession(session: ConsoleSession): void {
  sessionStorage.setItem(CONSOLE_STORAGE_KEYS.token, session.token);
  sessionStorage.setItem(CONSOLE_STORAGE_KEYS.role, session.role);
  sessionStorage.setItem(CONSOLE_STORAGE_KEYS.name, session.operator);
  sessionStorage.setItem(CONSOLE_STORAGE_KEYS.permissions, JSON.stringify(session.permissions));
  notify();
}

/** Why the last console session ended, for the login page to say (null: the operator logged out). */
let endedReason: string | null = null;

export function clearConsoleSession(reason: string | null = null): void {
  endedReason = reason;
  for (const key of Object.values(CONSOLE_STORAGE_KEYS)) sessionStorage.removeItem(key);
  notify();
}

export function takeEndedReason(): string | null {
  const reason = endedReason;
  endedReason = null;
  return reason;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useConsoleSession(): ConsoleSession | null {
  return useSyncExternalStore(subscribe, getConsoleSession, () => null);
}
