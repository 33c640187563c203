import { useLobby, useProviders } from '../api/casino-calls';
import { hasIndianCasino } from './casino-groups';

/** Spec §2: whether the Indian casino link shows (a provider's name holds the configured text). */
export function useHasIndianCasino(): boolean {
  const lobby = useLobby();
  const providers = useProviders();
  return hasIndianCasino(
    (providers.data ?? []).map((provider) => provider.name),
    lobby.data?.indian_casino_provider ?? '',
  );
}
