import type { MatchRow } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { countdownText, positionKey, raceStateOf } from '../model/race';

/** A race's state in a few words: a countdown to the off, "Off", or the winner. */
export function RaceStateBadge({ race, now }: { race: Pick<MatchRow, 'in_play' | 'start_time' | 'placings'>; now: number }) {
  const { t } = useTranslation();
  const state = raceStateOf(race, now);
  if (state === 'result') {
    const winner = race.placings?.[0];
    return (
      <span className="race-state race-state--result" data-state="result">
        {t('racing.result')}
        {winner && `: ${t(positionKey(1))} ${winner.name}`}
      </span>
    );
  }
  if (state === 'off') {
    return (
      <span className="race-state live-badge" data-state="off">
        {t('racing.off')}
      </span>
    );
  }
  const left = Date.parse(race.start_time) - now;
  return (
    <span className="race-state" data-state="upcoming">
      <span className="visually-hidden">{t('racing.offIn')} </span>
      <time dateTime={race.start_time}>{countdownText(left)}</time>
    </span>
  );
}
