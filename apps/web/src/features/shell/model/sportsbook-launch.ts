/**
 * Asks the external sportsbook provider for a launch address (docs/product.md §7 `gap/gaplogin`, composed by
 * the app from the casino feature); `redirectUrl` is the site's origin.
 */
export type SportsbookLauncher = (redirectUrl: string) => Promise<string>;

export interface ExternalLaunchDeps {
  hasSession: boolean;
  launcher: SportsbookLauncher | undefined;
  origin: string;
  isLaunching: boolean;
  onLoginRequired: () => void;
  /** Opens the sportsbook page (`/sportbook?url=`) with the provider's address, '' for none. */
  openSportsbook: (url: string) => void;
  setLaunching: (value: boolean) => void;
  logError: (message: string, error: unknown) => void;
}

/**
 * Spec §4, §7 and §8: a guest gets the login modal; a player's entry asks the provider for its
 * address and opens the sportsbook page with it. A failed launch is only logged and clears the
 * loading flag (the spec shows nothing); without a launcher the page says it is unavailable.
 */
export async function launchExternalSportsbook(deps: ExternalLaunchDeps): Promise<void> {
  if (!deps.hasSession) {
    deps.onLoginRequired();
    return;
  }
  if (!deps.launcher) {
    deps.openSportsbook('');
    return;
  }
  if (deps.isLaunching) return;
  deps.setLaunching(true);
  try {
    const url = await deps.launcher(deps.origin);
    deps.openSportsbook(url);
  } catch (error) {
    deps.logError('The sportsbook could not be launched', error);
  } finally {
    deps.setLaunching(false);
  }
}
