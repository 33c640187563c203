import { type Fancy, type Market, type MarketsSnapshot, marketStateKey } from '@app/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMarketName } from '@/lib/market-name';
import { formatOdds, formatSize } from '../model/format';
import { fancySelection, marketSelection, selectionKey } from '../model/selection';
import type { BookSlots, SelectionProps } from './match-list';
import { PriceButton } from './price-button';
import { RunnerFeedNote } from './runner-feed-note';

type Match = MarketsSnapshot['match'];

function limitsOf(item: { min_stake: number; max_stake: number }) {
  return { min_stake: item.min_stake, max_stake: item.max_stake };
}

/** Where a page's optional content (the player's book) goes under a name; nothing when empty. */
function BookSlot({ children }: { children: ReactNode }) {
  if (children === undefined || children === null || children === false) return null;
  return <span className="market__book">{children}</span>;
}

function MarketHeader({ title, market, limits }: { title: string; market: Market; limits: string }) {
  const { t } = useTranslation();
  return (
    <header className="market__header">
      <h2 className="market__title">{title}</h2>
      <span className="market__limits">{limits}</span>
      {market.status !== 'OPEN' && (
        <span className="market-status" data-testid="market-status">
          {t(marketStateKey(market.status, market.closed_by))}
        </span>
      )}
    </header>
  );
}

/** An exchange market: each runner with 3 back and 3 lay prices (best nearest the name). */
export function LadderMarket({
  match,
  market,
  selectedKey,
  onSelect,
  renderRunner,
  renderMarket,
}: { match: Match; market: Market } & SelectionProps & BookSlots) {
  const { t } = useTranslation();
  const limits = t('sports.limits', { min: formatSize(market.min_stake), max: formatSize(market.max_stake) });
  return (
    <section
      className="market"
      data-status={market.status}
      data-testid={`market-${market.market_type}`}
      aria-label={translateMarketName(t, market.market_name)}
    >
      <MarketHeader title={translateMarketName(t, market.market_name)} market={market} limits={limits} />
      {renderMarket?.(market)}
      <div className="ladder" role="table" aria-label={translateMarketName(t, market.market_name)}>
        <div className="ladder__row ladder__row--head" role="row">
          <span role="columnheader" className="ladder__name" />
          <span role="columnheader" className="ladder__side ladder__side--back">
            {t('sports.back')}
          </span>
          <span role="columnheader" className="ladder__side ladder__side--lay">
            {t('sports.lay')}
          </span>
        </div>
        {market.runners.map((runner) => {
          // Backs shown best-last (nearest the middle), lays best-first, as exchanges do.
          const backs = [2, 1, 0].map((level) => ({ level, price: runner.back[level] }));
          const lays = [0, 1, 2].map((level) => ({ level, price: runner.lay[level] }));
          return (
            <div key={runner.selection_id} className="ladder__row" role="row" data-testid="runner">
              <span className="ladder__name" role="rowheader">
                {runner.name}
                <RunnerFeedNote runner={runner} />
                <BookSlot>{renderRunner?.(market.market_id, runner.selection_id)}</BookSlot>
              </span>
              {[
                ...backs.map((cell) => ({ ...cell, side: 'back' as const })),
                ...lays.map((cell) => ({ ...cell, side: 'lay' as const })),
              ].map(({ level, price, side }) => {
                const selection = price && marketSelection(match, market, runner, side, price.odds);
                return (
                  <span key={`${side}-${level}`} role="cell" className={`ladder__cell ladder__cell--l${level}`}>
                    <PriceButton
                      side={side}
                      main={price ? formatOdds(price.odds) : null}
                      sub={price ? formatSize(price.size) : undefined}
                      value={price?.odds ?? null}
                      label={runner.name}
                      testId={level === 0 ? `best-${side}` : undefined}
                      isSelected={selection && level === 0 ? selectedKey === selectionKey(selection) : false}
                      onClick={selection ? () => onSelect(selection, limitsOf(market)) : undefined}
                    />
                  </span>
                );
              })}
            </div>
          );
        })}
      </div>
    </section>
  );
}

/** The bookmaker market: one back and one lay per runner, odds per 100. */
export function BookmakerMarket({
  match,
  market,
  selectedKey,
  onSelect,
  renderRunner,
  renderMarket,
}: { match: Match; market: Market } & SelectionProps & BookSlots) {
  const { t } = useTranslation();
  const limits = t('sports.limits', { min: formatSize(market.min_stake), max: formatSize(market.max_stake) });
  return (
    <section
      className="market market--bookmaker"
      data-status={market.status}
      data-testid="market-BOOKMAKER"
      aria-label={translateMarketName(t, market.market_name)}
    >
      <MarketHeader title={translateMarketName(t, market.market_name)} market={market} limits={limits} />
      {renderMarket?.(market)}
      <div className="ladder ladder--single" role="table" aria-label={translateMarketName(t, market.market_name)}>
        <div className="ladder__row ladder__row--head" role="row">
          <span role="columnheader" className="ladder__name" />
          <span role="columnheader">{t('sports.back')}</span>
          <span role="columnheader">{t('sports.lay')}</span>
        </div>
        {market.runners.map((runner) => (
          <div key={runner.selection_id} className="ladder__row" role="row">
            <span className="ladder__name" role="rowheader">
              {runner.name}
              <BookSlot>{renderRunner?.(market.market_id, runner.selection_id)}</BookSlot>
            </span>
            {(['back', 'lay'] as const).map((side) => {
              const price = runner[side][0];
              const selection = price && marketSelection(match, market, runner, side, price.odds);
              return (
                <span key={side} role="cell" className="ladder__cell">
                  <PriceButton
                    side={side}
                    main={price ? String(price.odds) : null}
                    sub={price ? formatSize(price.size) : undefined}
                    value={price?.odds ?? null}
                    label={runner.name}
                    isSelected={selection ? selectedKey === selectionKey(selection) : false}
                    onClick={selection ? () => onSelect(selection, limitsOf(market)) : undefined}
                  />
                </span>
              );
            })}
          </div>
        ))}
      </div>
    </section>
  );
}

/** Fancy (session) lines: No (run, size) and Yes (run, size). */
export function FancyTable({
  match,
  lines,
  selectedKey,
  onSelect,
  renderFancy,
}: { match: Match; lines: Fancy[] } & SelectionProps & BookSlots) {
  const { t } = useTranslation();
  return (
    <section className="market market--fancy" data-testid="fancy" aria-label={t('sports.fancy')}>
      <header className="market__header">
        <h2 className="market__title">{t('sports.fancy')}</h2>
      </header>
      <div className="ladder ladder--single" role="table" aria-label={t('sports.fancy')}>
        <div className="ladder__row ladder__row--head" role="row">
          <span role="columnheader" className="ladder__name" />
          <span role="columnheader">{t('sports.no')}</span>
          <span role="columnheader">{t('sports.yes')}</span>
        </div>
        {lines.map((line) => (
          <div key={line.fancy_id} className="ladder__row" role="row" data-status={line.status} data-testid="fancy-line">
            <span className="ladder__name" role="rowheader">
              {line.name}
              {line.status !== 'OPEN' && <span className="market-status">{t(marketStateKey(line.status, line.closed_by))}</span>}
              <span className="market__limits">
                {t('sports.limits', { min: formatSize(line.min_stake), max: formatSize(line.max_stake) })}
              </span>
              <BookSlot>{renderFancy?.(line.fancy_id)}</BookSlot>
            </span>
            {(['no', 'yes'] as const).map((side) => {
              const run = side === 'no' ? line.run_no : line.run_yes;
              const size = side === 'no' ? line.size_no : line.size_yes;
              const selection = fancySelection(match, line, side);
              return (
                <span key={side} role="cell" className="ladder__cell">
                  <PriceButton
                    side={side === 'yes' ? 'back' : 'lay'}
                    main={run === null ? null : String(run)}
                    sub={size === null ? undefined : String(size)}
                    value={run}
                    label={`${line.name} ${t(`sports.${side}`)}`}
                    isSelected={selection ? selectedKey === selectionKey(selection) : false}
                    onClick={selection ? () => onSelect(selection, limitsOf(line)) : undefined}
                  />
                </span>
              );
            })}
          </div>
        ))}
      </div>
    </section>
  );
}
