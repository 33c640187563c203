import { GREYHOUND_RACING_SPORT_ID, type Market, type MarketsSnapshot, marketStateKey } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { formatOdds, formatSize } from '../model/format';
import { marketSelection, selectionKey } from '../model/selection';
import type { BookSlots, SelectionProps } from './match-list';
import { PriceButton } from './price-button';
import { RunnerFeedNote } from './runner-feed-note';

type Match = MarketsSnapshot['match'];
type Runner = Market['runners'][number];

/** Cloth number (a greyhound's trap, in its colours), name, jockey or trap, and form. */
function RunnerInfo({ runner, isDogs }: { runner: Runner; isDogs: boolean }) {
  const { t } = useTranslation();
  return (
    <span className="runner-info">
      {runner.cloth_number !== undefined && (
        <span
          className={`cloth${isDogs ? ' cloth--trap' : ''}`}
          data-trap={isDogs ? runner.cloth_number : undefined}
          aria-label={t(isDogs ? 'racing.trap' : 'racing.cloth', { number: runner.cloth_number })}
        >
          {runner.cloth_number}
        </span>
      )}
      <span className="runner-info__text">
        <span className="runner-info__name">{runner.name}</span>
        <span className="runner-info__meta">
          {runner.jockey && <span>{t('racing.jockey', { name: runner.jockey })}</span>}
          {isDogs && runner.cloth_number !== undefined && <span>{t('racing.trap', { number: runner.cloth_number })}</span>}
          {runner.form && <span>{t('racing.form', { form: runner.form })}</span>}
          <RunnerFeedNote runner={runner} />
        </span>
      </span>
    </span>
  );
}

/**
 * A race's Win or Place market: every runner with its details and three back and three lay
 * prices, on phones too (the prices take their own line under the runner).
 */
export function RaceMarket({
  match,
  market,
  selectedKey,
  onSelect,
  renderRunner,
}: { match: Match; market: Market } & SelectionProps & BookSlots) {
  const { t } = useTranslation();
  const isDogs = match.sport_id === GREYHOUND_RACING_SPORT_ID;
  const limits = { min_stake: market.min_stake, max_stake: market.max_stake };
  return (
    <section
      className="market race-market"
      data-status={market.status}
      data-testid={`market-${market.market_type}`}
      aria-label={market.market_name}
    >
      <header className="market__header">
        <h2 className="market__title">
          {market.market_type === 'PLACE' ? t('racing.place') : t('racing.win')}
          {market.number_of_winners !== undefined && (
            <span className="race-market__terms"> · {t('racing.placeTerms', { count: market.number_of_winners })}</span>
          )}
        </h2>
        <span className="market__limits">
          {t('sports.limits', { min: formatSize(market.min_stake), max: formatSize(market.max_stake) })}
        </span>
        {market.status !== 'OPEN' && (
          <span className="market-status" data-testid="market-status">
            {t(marketStateKey(market.status, market.closed_by))}
          </span>
        )}
      </header>
      <div className="race-ladder" role="table" aria-label={market.market_name}>
        <div className="race-ladder__head" role="row">
          <span role="columnheader" className="race-ladder__runner">
            {t('racing.runner')}
          </span>
          <span role="columnheader" className="race-ladder__side race-ladder__side--back">
            {t('sports.back')}
          </span>
          <span role="columnheader" className="race-ladder__side race-ladder__side--lay">
            {t('sports.lay')}
          </span>
        </div>
        {market.runners.map((runner) => {
          // Backs best-last (nearest the middle), lays best-first, as exchanges show them.
          const cells = [
            ...[2, 1, 0].map((level) => ({ level, side: 'back' as const, price: runner.back[level] })),
            ...[0, 1, 2].map((level) => ({ level, side: 'lay' as const, price: runner.lay[level] })),
          ];
          return (
            <div key={runner.selection_id} className="race-ladder__row" role="row" data-testid="runner">
              <span className="race-ladder__runner" role="rowheader">
                <RunnerInfo runner={runner} isDogs={isDogs} />
                {renderRunner && <span className="market__book">{renderRunner(market.market_id, runner.selection_id)}</span>}
              </span>
              <span className="race-ladder__prices" role="cell">
                {cells.map(({ level, side, price }) => {
                  const selection = price && marketSelection(match, market, runner, side, price.odds);
                  return (
                    <PriceButton
                      key={`${side}-${level}`}
                      side={side}
                      main={price ? formatOdds(price.odds) : null}
                      sub={price ? formatSize(price.size) : undefined}
                      value={price?.odds ?? null}
                      label={runner.name}
                      testId={level === 0 ? `best-${side}` : undefined}
                      isSelected={selection && level === 0 ? selectedKey === selectionKey(selection) : false}
                      onClick={selection ? () => onSelect(selection, limits) : undefined}
                    />
                  );
                })}
              </span>
            </div>
          );
        })}
      </div>
    </section>
  );
}
