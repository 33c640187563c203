/** Browser storage keys of docs/product.md §3, in one place. */
export const storageKeys = {
  userInfo: 'userInfo',
  token: 'token',
  userId: 'userId',
  isLoggedIn: 'isLoggedIn',
  welcomePopup: 'welcomePopup',
  globalAdminData: 'globalAdminData',
  language: 'language',
  /** Session storage. */
  exposure: 'exposure',
} as const;

export function readJson<T>(storage: Storage, key: string): T | null {
  const raw = storage.getItem(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeJson(storage: Storage, key: string, value: unknown): void {
  storage.setItem(key, JSON.stringify(value));
}
