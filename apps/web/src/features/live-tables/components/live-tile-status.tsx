import { formatWholeRupees, type LiveRoundView, LIVE_MAX_STAKE_PAISE, LIVE_MIN_STAKE_PAISE, PAISE_PER_RUPEE } from '@app/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { watchLobbyTable } from '../model/lobby-feed';
import { useSecondsUntil } from '../model/table-feed';
import '../live-tables.css';

/**
 * What a live table's lobby tile says beside its art (docs/casino.md "Lobby and pages"): LIVE,
 * the time left to bet in the round now (or until the next one opens), and the stake range.
 */
export function LiveTileStatus({ table }: { table: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<{ round: LiveRoundView; clockOffset: number } | null>(null);
  useEffect(() => watchLobbyTable(table, (round, clockOffset) => setState({ round, clockOffset })), [table]);
  const round = state?.round;
  const seconds = useSecondsUntil(
    round ? (round.phase === 'betting' ? round.betting_ends_at : round.next_round_at) : undefined,
    state?.clockOffset ?? 0,
  );
  return (
    <span className="lt-tile" data-testid={`live-tile-${table}`}>
      <span className="lt-tile__live">{t('liveTables.tile.live')}</span>
      <span className="lt-tile__time" data-testid="live-tile-time">
        {!round
          ? '\u00a0'
          : round.phase === 'betting' && seconds > 0
            ? t('liveTables.tile.betting', { seconds })
            : t('liveTables.tile.next', { seconds })}
      </span>
      <span className="lt-tile__stakes">
        {t('liveTables.tile.stakes', {
          min: formatWholeRupees(LIVE_MIN_STAKE_PAISE / PAISE_PER_RUPEE),
          max: formatWholeRupees(LIVE_MAX_STAKE_PAISE / PAISE_PER_RUPEE),
        })}
      </span>
    </span>
  );
}
