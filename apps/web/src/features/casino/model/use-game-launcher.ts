import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '@/components/ui';
import { getSession } from '@/lib/session';
import { useLaunchGame } from '../api/casino-calls';

function siteLanguage(language: string): 'en' | 'hi' | 'bn' {
  return language === 'hi' || language === 'bn' ? language : 'en';
}

/**
 * Opens a game: a guest gets the login modal; a player gets a fresh game session from
 * `casino/launchGame` and goes to the provider's address (our own games open in this site).
 */
export function useGameLauncher(onLoginRequired: () => void) {
  const { i18n } = useTranslation();
  const navigate = useNavigate();
  const launch = useLaunchGame();
  return {
    pendingCode: launch.isPending ? launch.variables?.game_code : undefined,
    open(gameCode: string) {
      if (!getSession()) {
        onLoginRequired();
        return;
      }
      launch.mutate(
        { game_code: gameCode, lang: siteLanguage(i18n.language) },
        {
          onSuccess: (url) => {
            if (url.startsWith('/')) void navigate(url);
            else window.location.assign(url);
          },
          onError: (error) => toast.error(error.message),
        },
      );
    },
  };
}
