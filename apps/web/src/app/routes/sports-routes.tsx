import { type BetSelection, isRacingSport, PAISE_PER_RUPEE, SPORTS } from '@app/shared';
import { useParams } from 'react-router';
import { useBetSlipState } from '@/features/betslip';
import { NotFoundPage } from '@/features/shell';
import { type SelectionProps, type StakeLimitsRupees, selectionKey } from '@/features/sports';
// This module is itself a lazy chunk (lazy-pages.tsx): the pages come with it.
import { EventsPage, MatchDetailPage, RaceDetailPage, RacingPage, SportPage } from '@/features/sports/pages';
import { betSlipStore, openBetSlip } from '../bet-slip';
import { useMatchBook } from '../match-book';

/** A click on a price opens the site's one bet slip; limits come in rupees and go in paise. */
function select(selection: BetSelection, limits?: StakeLimitsRupees) {
  openBetSlip(
    selection,
    limits && {
      minStakePaise: Math.round(limits.min_stake * PAISE_PER_RUPEE),
      maxStakePaise: Math.round(limits.max_stake * PAISE_PER_RUPEE),
    },
  );
}

/** The price in the open slip shows pressed. */
function useSelectionProps(): SelectionProps {
  const { selection } = useBetSlipState(betSlipStore);
  return { selectedKey: selection ? selectionKey(selection) : undefined, onSelect: select };
}

/** /sports/{sportId}: only the catalogue's sport ids exist. */
export function SportRoute() {
  const { sportId = '' } = useParams();
  const props = useSelectionProps();
  const sport = /^-?\d+$/.test(sportId) ? SPORTS.find((item) => item.sportId === Number(sportId)) : undefined;
  if (!sport) return <NotFoundPage />;
  // Horse and greyhound racing: the day's meetings by venue instead of match rows.
  if (isRacingSport(sport.sportId)) return <RacingPage key={sport.sportId} sportId={sport.sportId} />;
  return <SportPage key={sport.sportId} sportId={sport.sportId} {...props} />;
}

/** /sports/live/all and /sports/upcoming/all. */
export function EventsRoute({ kind }: { kind: 'live' | 'upcoming' }) {
  return <EventsPage kind={kind} {...useSelectionProps()} />;
}

/** /sports-detail/{matchId}: the match's prices open the slip; the player's book shows under each. */
export function MatchDetailRoute() {
  const { matchId = '' } = useParams();
  if (!/^\d{1,15}$/.test(matchId)) return <NotFoundPage />;
  return <MatchDetail key={matchId} matchId={Number(matchId)} />;
}

function MatchDetail({ matchId }: { matchId: number }) {
  const props = useSelectionProps();
  const book = useMatchBook(matchId);
  return <MatchDetailPage matchId={matchId} {...props} {...book} />;
}

/** /sports-racing-detail/{matchId}: the race card; prices open the slip, the player's book shows under each runner. */
export function RaceDetailRoute() {
  const { matchId = '' } = useParams();
  if (!/^\d{1,15}$/.test(matchId)) return <NotFoundPage />;
  return <RaceDetail key={matchId} matchId={Number(matchId)} />;
}

function RaceDetail({ matchId }: { matchId: number }) {
  const props = useSelectionProps();
  const { renderRunner } = useMatchBook(matchId);
  return <RaceDetailPage matchId={matchId} renderRunner={renderRunner} {...props} />;
}
