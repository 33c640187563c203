import { type BetSelection, isRacingSport, type MatchRow } from '@app/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatOdds, formatSize, formatStart } from '../model/format';
import { marketStateKey } from '../model/race';
import { rowSelection, selectionKey } from '../model/selection';
import { useNow } from '../model/use-now';
import { PriceButton } from './price-button';
import { RaceStateBadge } from './race-state-badge';

export interface SelectionProps {
  /** The key (selectionKey) of the price the player picked, to show it pressed. */
  selectedKey?: string | undefined;
  /** `limits`: the market's or fancy line's stake limits in rupees, where the page shows them. */
  onSelect: (selection: BetSelection, limits?: StakeLimitsRupees) => void;
}

/** A market's min and max stake as the API sends them (rupees). */
export interface StakeLimitsRupees {
  min_stake: number;
  max_stake: number;
}

/** Optional slots a page composes under each runner and each fancy line (the player's book). */
export interface BookSlots {
  renderRunner?: (marketId: string, selectionId: number) => ReactNode;
  renderFancy?: (fancyId: number) => ReactNode;
}

function RowPrices({ row, selectedKey, onSelect }: { row: MatchRow } & SelectionProps) {
  const { t } = useTranslation();
  const odds = row.match_odds;
  if (!odds) return null;
  const isSuspended = odds.status !== 'OPEN';
  return (
    <div className="match-row__prices" data-suspended={isSuspended}>
      {isSuspended && <span className="market-status">{t(marketStateKey(odds.status, odds.closed_by))}</span>}
      {odds.runners.map((runner, index) =>
        (['back', 'lay'] as const).map((side) => {
          const price = isSuspended ? null : runner[side];
          const selection = rowSelection(row, index, side);
          return (
            <PriceButton
              key={`${runner.selection_id}-${side}`}
              side={side}
              main={price ? formatOdds(price.odds) : null}
              sub={price ? formatSize(price.size) : undefined}
              value={price?.odds ?? null}
              label={`${row.name}: ${runner.name}`}
              isSelected={selection !== undefined && selectedKey === selectionKey(selection)}
              onClick={selection && (() => onSelect(selection))}
            />
          );
        }),
      )}
    </div>
  );
}

/** A race in a list of matches: its state (countdown, off, winner) instead of a field of prices. */
function RaceRowState({ row }: { row: MatchRow }) {
  const now = useNow();
  return (
    <div className="match-row__prices">
      <RaceStateBadge race={row} now={now} />
    </div>
  );
}

/** Rows of matches: name and time (or the live badge) with the match-odds prices beside. */
export function MatchList({ rows, showSport, ...selection }: { rows: MatchRow[]; showSport?: boolean } & SelectionProps) {
  const { t, i18n } = useTranslation();
  return (
    <ul className="match-list">
      {rows.map((row) => (
        <li key={row.match_id} className="match-row" data-in-play={row.in_play} data-testid="match-row">
          <Link to={paths.eventDetail(row.sport_id, row.match_id)} className="match-row__name">
            <span className="match-row__title">{row.name}</span>
            <span className="match-row__meta">
              {row.in_play ? (
                <span className="live-badge">{t('sports.live')}</span>
              ) : (
                <time dateTime={row.start_time}>{formatStart(row.start_time, i18n.language)}</time>
              )}
              <span>
                {showSport ? `${t(`shell.sports.${row.sport_id}`, { defaultValue: '' })} · ` : ''}
                {row.series_name}
              </span>
            </span>
          </Link>
          {isRacingSport(row.sport_id) ? <RaceRowState row={row} /> : <RowPrices row={row} {...selection} />}
        </li>
      ))}
    </ul>
  );
}
