import { type BetSelection, isRacingSport, type Market, marketStateKey, type MatchRow, runnerLabels } from '@app/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatOdds, formatSize, formatStart } from '../model/format';
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
  /** Under a market's header, with the market as the live page has it now (the player's cash out). */
  renderMarket?: (market: Market) => ReactNode;
}

/** Runner groups in a row: at most three side by side; a bigger field (a race) wraps. */
const MAX_SIDE_BY_SIDE = 3;

function RowPrices({ row, selectedKey, onSelect }: { row: MatchRow } & SelectionProps) {
  const { t } = useTranslation();
  const odds = row.match_odds;
  if (!odds) return null;
  const isSuspended = odds.status !== 'OPEN';
  const labels = runnerLabels(odds.runners);
  return (
    <div
      className="match-row__prices"
      role="group"
      aria-label={t('sports.matchOdds')}
      data-suspended={isSuspended}
      data-wraps={odds.runners.length > MAX_SIDE_BY_SIDE}
      data-testid="row-prices"
    >
      {isSuspended && <span className="market-status">{t(marketStateKey(odds.status, odds.closed_by))}</span>}
      {odds.runners.map((runner, index) => (
        <div key={runner.selection_id} className="row-runner">
          {/* The full name is in each button's label; the heading is what the eye scans. */}
          <span className="row-runner__label" aria-hidden="true" title={runner.name} data-testid="runner-label">
            {labels[index]}
          </span>
          {(['back', 'lay'] as const).map((side) => {
            const price = isSuspended ? null : runner[side];
            const selection = rowSelection(row, index, side);
            return (
              <PriceButton
                key={side}
                side={side}
                main={price ? formatOdds(price.odds) : null}
                sub={price ? formatSize(price.size) : undefined}
                value={price?.odds ?? null}
                label={`${row.name}: ${runner.name}`}
                isSelected={selection !== undefined && selectedKey === selectionKey(selection)}
                onClick={selection && (() => onSelect(selection))}
              />
            );
          })}
        </div>
      ))}
    </div>
  );
}

/**
 * Back and Lay over each runner's pair of prices, once above the list, laid out as the rows' price
 * grid is (the rows of one list are one sport, so they have the same runners).
 */
function ListHead({ rows }: { rows: MatchRow[] }) {
  const { t } = useTranslation();
  const runners = rows.find((row) => row.match_odds)?.match_odds?.runners.length ?? 0;
  if (runners === 0 || runners > MAX_SIDE_BY_SIDE) return null;
  return (
    <div className="match-list__head" aria-hidden="true" data-testid="list-head">
      <span className="match-list__head-name" />
      <span className="match-list__head-prices">
        {Array.from({ length: runners }, (_, index) => (
          <span key={index} className="row-runner row-runner--head">
            <span className="price-heading price-heading--back">{t('sports.back')}</span>
            <span className="price-heading price-heading--lay">{t('sports.lay')}</span>
          </span>
        ))}
      </span>
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

/** Rows of matches: name and time (or the live badge) with the match-odds prices, labelled, beside. */
export function MatchList({ rows, showSport, ...selection }: { rows: MatchRow[]; showSport?: boolean } & SelectionProps) {
  const { t, i18n } = useTranslation();
  return (
    <div className="match-list-block">
      <ListHead rows={rows} />
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
    </div>
  );
}
