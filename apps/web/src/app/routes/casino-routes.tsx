import { useQueryClient } from '@tanstack/react-query';
import { lazy, useCallback } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { openLoginModal } from '@/features/account';
import { CasinoLobby, isCasinoCategory } from '@/features/casino';
import { blogGuides } from '@/features/content';
import { HomePage, NotFoundPage } from '@/features/shell';
import { queryKeys } from '@/lib/query-keys';
import { InfoPage } from './lazy-pages';

// The casino's other pages, each loaded on demand like the pages in lazy-pages.tsx.
const CasinoGroupPage = lazy(() => import('@/features/casino/pages').then((m) => ({ default: m.CasinoGroupPage })));
const CasinoProvidersPage = lazy(() => import('@/features/casino/pages').then((m) => ({ default: m.CasinoProvidersPage })));
const CasinoMyGamesPage = lazy(() => import('@/features/casino/pages').then((m) => ({ default: m.CasinoMyGamesPage })));
const GamePage = lazy(() => import('@/features/casino/pages').then((m) => ({ default: m.GamePage })));
const CasinoResultPage = lazy(() => import('@/features/casino/pages').then((m) => ({ default: m.CasinoResultPage })));
const RoundVerifier = lazy(() => import('@/features/casino/pages').then((m) => ({ default: m.RoundVerifier })));
const CrashChainsList = lazy(() => import('@/features/casino/pages').then((m) => ({ default: m.CrashChainsList })));
// Live tables (docs/casino.md, "Live tables"): our provider's games whose codes start with `live-`.
const LiveTablePage = lazy(() => import('@/features/live-tables').then((m) => ({ default: m.LiveTablePage })));
const LiveRoundVerifier = lazy(() => import('@/features/live-tables').then((m) => ({ default: m.LiveRoundVerifier })));
const isLiveTable = (gameCode: string) => gameCode.startsWith('live-');

/** /home: the shell's hero (painted from the HTML at once), then the casino lobby. */
export function CasinoHomeRoute() {
  return (
    <HomePage onLoginRequired={openLoginModal} guides={blogGuides} lobby={<CasinoLobby onLoginRequired={openLoginModal} />} />
  );
}

const GROUPS = {
  all: ['slot', 'Live-Casino'],
  brino: ['table-game', 'super-game', 'virtual-game'],
  indian: ['SN'],
} as const;

/** The spec's list routes; any other group is not a page. */
export function CasinoGroupRoute({ kind }: { kind: keyof typeof GROUPS }) {
  const { group = '' } = useParams();
  if (!isCasinoCategory(group) || !(GROUPS[kind] as readonly string[]).includes(group)) return <NotFoundPage />;
  return <CasinoGroupPage category={group} onLoginRequired={openLoginModal} />;
}

export function CasinoProvidersRoute() {
  return <CasinoProvidersPage onLoginRequired={openLoginModal} />;
}

export function CasinoMyGamesRoute({ kind }: { kind: 'recent' | 'favourites' }) {
  return <CasinoMyGamesPage kind={kind} onLoginRequired={openLoginModal} />;
}

/** Our own provider's game page (its launch template points here). */
export function CasinoPlayRoute() {
  const { gameCode = '' } = useParams();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  // The header balance (wallet feature) reads again after a round moved money.
  const onBalanceChanged = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: queryKeys.wallet.balance }),
    [queryClient],
  );
  const token = params.get('token') ?? '';
  if (isLiveTable(gameCode)) return <LiveTablePage table={gameCode} token={token} onBalanceChanged={onBalanceChanged} />;
  return <GamePage gameCode={gameCode} token={token} onBalanceChanged={onBalanceChanged} />;
}

export function CasinoResultRoute() {
  return <CasinoResultPage />;
}

/**
 * /provably-fair: the explanation with its worked example (content feature); opened for one of our
 * rounds (`?round=` from the history and the report, `?crash=` for a Crash round), the round
 * verifier (casino feature) comes first. The published Crash chains follow, for anyone to see.
 */
export function ProvablyFairRoute() {
  const [params] = useSearchParams();
  const isRound = params.has('round') || params.has('crash');
  return (
    <>
      {isRound && <RoundVerifier />}
      {params.has('live') && <LiveRoundVerifier />}
      <InfoPage slug="provably-fair" />
      <CrashChainsList />
    </>
  );
}
