import {
  endpoints,
  type Fancy,
  formatCompactNumber,
  formatDecimalOdds,
  formatStart,
  isBookmakerMarket,
  isRacingSport,
  type Market,
  marketStateKey,
  type MarketsSnapshot,
  type MatchRow,
  type PaintedCall,
  type Price,
  runnerLabels,
  type Series,
} from '@app/shared';
import { escapeHtml } from './web-shell';

/**
 * A sports page's first screen painted by the server (docs/shell.md "Speed"): the list
 * of `/sports/{id}` or the markets of `/sports-detail/{id}`, with their prices, in the same
 * elements and classes the site's components render (apps/web/src/features/sports/components:
 * match-list.tsx, market-tables.tsx, scoreboard.tsx), so the prices show with the page's first
 * frame on a slow phone and the app's first render, from the same data, replaces it in place.
 * Until then its buttons (prices, series) are disabled, so a tap is not lost on a button that
 * cannot act yet (and a journey waits for the app's); the match names are plain links.
 * Change one side and the other together: `sports-paint.test.ts` and the browser journey
 * `e2e/sports-paint.e2e.ts` hold them to each other.
 */

/** A translation lookup over the built texts of one language, `{{name}}` filled in. */
export type Translate = (key: string, values?: Record<string, string>) => string;

export interface SportsPaintContext {
  t: Translate;
  language: string;
  /** The player's time zone (the `tz` cookie the site sets); unknown: start times are left for the app. */
  timeZone: string | undefined;
  now: Date;
}

/** Rows painted on a list: a phone's first screen and more; the rest arrive with the app. */
export const PAINTED_LIST_ROWS = 10;

/** Runner groups side by side in a row (match-list.tsx MAX_SIDE_BY_SIDE). */
const MAX_SIDE_BY_SIDE = 3;

/** Text content and attribute values alike. */
const h = escapeHtml;

/** Where the app puts the player's book under a runner or line (market-tables.tsx BookSlot), empty until it does. */
const BOOK_SLOT = '<span class="market__book"></span>';

export function translator(texts: Record<string, unknown>): Translate {
  return (key, values) => {
    let node: unknown = texts;
    for (const part of key.split('.'))
      node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
    const text = typeof node === 'string' ? node : '';
    return values ? text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_match, name: string) => values[name] ?? '') : text;
  };
}

/** One price as PriceButton draws it: what is big (odds or runs) and small (size), null when none is on offer. */
interface PaintedPrice {
  side: 'back' | 'lay';
  main: string | null;
  sub: string | undefined;
  label: string;
  testId?: string | undefined;
}

/** An exchange price: odds as the exchanges print them, the size compact. */
function exchangePrice(price: Price | null | undefined): Pick<PaintedPrice, 'main' | 'sub'> {
  return price ? { main: formatDecimalOdds(price.odds), sub: formatCompactNumber(price.size) } : { main: null, sub: undefined };
}

function priceButton(context: SportsPaintContext, options: PaintedPrice): string {
  const { t } = context;
  const testId = options.testId ? ` data-testid="${h(options.testId)}"` : '';
  if (options.main === null) {
    return `<span class="price price--${options.side} price--empty" aria-label="${h(t('sports.notOffered'))}"${testId}>–</span>`;
  }
  const label = t('sports.priceLabel', {
    side: t(`sports.${options.side}`),
    name: options.label,
    price: options.main,
    size: options.sub ?? '',
  });
  return (
    `<button type="button" class="price price--${options.side}"${testId} aria-pressed="false" aria-label="${h(label)}" disabled>` +
    `<span class="price__main">${h(options.main)}</span>` +
    (options.sub === undefined ? '' : `<span class="price__sub">${h(options.sub)}</span>`) +
    `</button>`
  );
}

/** A price in a table cell (market-tables.tsx). */
function priceCell(context: SportsPaintContext, cellClass: string, options: PaintedPrice): string {
  return `<span role="cell" class="${cellClass}">${priceButton(context, options)}</span>`;
}

function startTime(context: SportsPaintContext, iso: string): string {
  const text = context.timeZone ? formatStart(iso, context.language, context.timeZone, context.now) : '';
  return `<time datetime="${h(iso)}">${h(text)}</time>`;
}

function rowPrices(context: SportsPaintContext, row: MatchRow): string {
  const { t } = context;
  const odds = row.match_odds;
  if (!odds) return '';
  const isSuspended = odds.status !== 'OPEN';
  const labels = runnerLabels(odds.runners);
  const runners = odds.runners.map((runner, index) => {
    const prices = (['back', 'lay'] as const).map((side) => {
      const price = isSuspended ? null : runner[side];
      return priceButton(context, { side, ...exchangePrice(price), label: `${row.name}: ${runner.name}` });
    });
    return (
      `<div class="row-runner"><span class="row-runner__label" aria-hidden="true" title="${h(runner.name)}" data-testid="runner-label">` +
      `${h(labels[index] ?? '')}</span>${prices.join('')}</div>`
    );
  });
  return (
    `<div class="match-row__prices" role="group" aria-label="${h(t('sports.matchOdds'))}" data-suspended="${isSuspended}" ` +
    `data-wraps="${odds.runners.length > MAX_SIDE_BY_SIDE}" data-testid="row-prices">` +
    (isSuspended ? `<span class="market-status">${h(t(marketStateKey(odds.status, odds.closed_by)))}</span>` : '') +
    `${runners.join('')}</div>`
  );
}

function listHead(context: SportsPaintContext, rows: readonly MatchRow[]): string {
  const runners = rows.find((row) => row.match_odds)?.match_odds?.runners.length ?? 0;
  if (runners === 0 || runners > MAX_SIDE_BY_SIDE) return '';
  const head =
    `<span class="row-runner row-runner--head"><span class="price-heading price-heading--back">${h(context.t('sports.back'))}</span>` +
    `<span class="price-heading price-heading--lay">${h(context.t('sports.lay'))}</span></span>`;
  return (
    `<div class="match-list__head" aria-hidden="true" data-testid="list-head"><span class="match-list__head-name"></span>` +
    `<span class="match-list__head-prices">${head.repeat(runners)}</span></div>`
  );
}

function matchList(context: SportsPaintContext, rows: readonly MatchRow[]): string {
  const items = rows.map(
    (row) =>
      `<li class="match-row" data-in-play="${row.in_play}" data-testid="match-row">` +
      `<a class="match-row__name" href="/sports-detail/${row.match_id}"><span class="match-row__title">${h(row.name)}</span>` +
      `<span class="match-row__meta">` +
      (row.in_play ? `<span class="live-badge">${h(context.t('sports.live'))}</span>` : startTime(context, row.start_time)) +
      `<span>${h(row.series_name)}</span></span></a>${rowPrices(context, row)}</li>`,
  );
  return `<div class="match-list-block">${listHead(context, rows)}<ul class="match-list">${items.join('')}</ul></div>`;
}

function sportTitle(context: SportsPaintContext, sportId: number): string {
  return context.t(`shell.sports.${sportId}`);
}

/** `/sports/{id}` (sport-page.tsx): title, series chips, the first rows of matches. */
function sportPage(context: SportsPaintContext, sportId: number, series: readonly Series[], rows: readonly MatchRow[]): string {
  const { t } = context;
  const chips =
    series.length === 0
      ? ''
      : `<div class="sports-chips" role="group" aria-label="${h(t('sports.series'))}">` +
        `<button type="button" class="sports-chip" aria-pressed="true" disabled>${h(t('sports.allSeries'))}</button>` +
        series
          .map((item) => `<button type="button" class="sports-chip" aria-pressed="false" disabled>${h(item.name)}</button>`)
          .join('') +
        `</div>`;
  return (
    `<section class="sports-page"><h1 class="sports-page__title">${h(sportTitle(context, sportId))}</h1>${chips}` +
    `${matchList(context, rows.slice(0, PAINTED_LIST_ROWS))}</section>`
  );
}

function scoreboard(context: SportsPaintContext, match: MarketsSnapshot['match']): string {
  const { t } = context;
  const board = match.scoreboard;
  const state =
    (match.in_play
      ? `<span class="live-badge">${h(t('sports.live'))}</span>`
      : `<span>${h(t(`sports.board.${board.status}`))}</span>`) +
    (board.status === 'not_started' ? startTime(context, match.start_time) : '');
  const teams =
    board.home && board.away
      ? `<dl class="scoreboard__teams"><div><dt>${h(board.home)}</dt><dd>${h(board.home_score || '–')}</dd></div>` +
        `<div><dt>${h(board.away)}</dt><dd>${h(board.away_score || '–')}</dd></div></dl>`
      : '';
  const timeline =
    board.timeline.length === 0
      ? ''
      : `<details class="scoreboard__timeline"><summary>${h(t('sports.timeline'))}</summary><ol>` +
        board.timeline
          .map(
            (event) =>
              `<li data-kind="${h(event.kind)}"><span class="timeline__at">${h(event.at)}</span>` +
              `<span class="timeline__kind">${h(t(`sports.events.${event.kind}`))}</span>` +
              (event.side === null ? '' : `<span>${h((event.side === 0 ? board.home : board.away) ?? '')}</span>`) +
              `<span class="timeline__detail">${h(event.detail)}</span></li>`,
          )
          .join('') +
        `</ol></details>`;
  return (
    `<section class="scoreboard" aria-label="${h(t('sports.scoreboard'))}" data-testid="scoreboard">` +
    `<div class="scoreboard__state">${state}</div>${teams}` +
    (board.note ? `<p class="scoreboard__note">${h(board.note)}</p>` : '') +
    `${timeline}</section>`
  );
}

function limitsText(context: SportsPaintContext, item: { min_stake: number; max_stake: number }): string {
  return context.t('sports.limits', { min: formatCompactNumber(item.min_stake), max: formatCompactNumber(item.max_stake) });
}

function marketHeader(context: SportsPaintContext, market: Market): string {
  return (
    `<header class="market__header"><h2 class="market__title">${h(market.market_name)}</h2>` +
    `<span class="market__limits">${h(limitsText(context, market))}</span>` +
    (market.status === 'OPEN'
      ? ''
      : `<span class="market-status" data-testid="market-status">${h(context.t(marketStateKey(market.status, market.closed_by)))}</span>`) +
    `</header>`
  );
}

function ladderHead(context: SportsPaintContext, back: string, lay: string, sideClasses: boolean): string {
  const cls = (side: string) => (sideClasses ? ` class="ladder__side ladder__side--${side}"` : '');
  return (
    `<div class="ladder__row ladder__row--head" role="row"><span role="columnheader" class="ladder__name"></span>` +
    `<span role="columnheader"${cls('back')}>${h(back)}</span><span role="columnheader"${cls('lay')}>${h(lay)}</span></div>`
  );
}

/** An exchange market (LadderMarket): three backs best-last, three lays best-first. */
function ladderMarket(context: SportsPaintContext, market: Market): string {
  const rows = market.runners.map((runner) => {
    const cells = [
      ...[2, 1, 0].map((level) => ({ level, side: 'back' as const, price: runner.back[level] })),
      ...[0, 1, 2].map((level) => ({ level, side: 'lay' as const, price: runner.lay[level] })),
    ].map(({ level, side, price }) =>
      priceCell(context, `ladder__cell ladder__cell--l${level}`, {
        side,
        ...exchangePrice(price),
        label: runner.name,
        testId: level === 0 ? `best-${side}` : undefined,
      }),
    );
    return `<div class="ladder__row" role="row" data-testid="runner"><span class="ladder__name" role="rowheader">${h(runner.name)}${BOOK_SLOT}</span>${cells.join('')}</div>`;
  });
  return (
    `<section class="market" data-status="${h(market.status)}" data-testid="market-${h(market.market_type)}" aria-label="${h(market.market_name)}">` +
    marketHeader(context, market) +
    `<div class="ladder" role="table" aria-label="${h(market.market_name)}">` +
    ladderHead(context, context.t('sports.back'), context.t('sports.lay'), true) +
    `${rows.join('')}</div></section>`
  );
}

/** The bookmaker market (BookmakerMarket): one back and one lay, odds per 100. */
function bookmakerMarket(context: SportsPaintContext, market: Market): string {
  const rows = market.runners.map((runner) => {
    const cells = (['back', 'lay'] as const).map((side) => {
      const price = runner[side][0];
      // Bookmaker odds are per 100, printed as they are.
      return priceCell(context, 'ladder__cell', {
        side,
        main: price ? String(price.odds) : null,
        sub: price ? formatCompactNumber(price.size) : undefined,
        label: runner.name,
      });
    });
    return `<div class="ladder__row" role="row"><span class="ladder__name" role="rowheader">${h(runner.name)}${BOOK_SLOT}</span>${cells.join('')}</div>`;
  });
  return (
    `<section class="market market--bookmaker" data-status="${h(market.status)}" data-testid="market-BOOKMAKER" aria-label="${h(market.market_name)}">` +
    marketHeader(context, market) +
    `<div class="ladder ladder--single" role="table" aria-label="${h(market.market_name)}">` +
    ladderHead(context, context.t('sports.back'), context.t('sports.lay'), false) +
    `${rows.join('')}</div></section>`
  );
}

/** Fancy lines (FancyTable): No and Yes runs with their sizes. */
function fancyTable(context: SportsPaintContext, lines: readonly Fancy[]): string {
  const { t } = context;
  const title = t('sports.fancy');
  const rows = lines.map((line) => {
    const cells = (['no', 'yes'] as const).map((side) => {
      const run = side === 'no' ? line.run_no : line.run_yes;
      const size = side === 'no' ? line.size_no : line.size_yes;
      return priceCell(context, 'ladder__cell', {
        side: side === 'yes' ? 'back' : 'lay',
        main: run === null ? null : String(run),
        sub: size === null ? undefined : String(size),
        label: `${line.name} ${t(`sports.${side}`)}`,
      });
    });
    return (
      `<div class="ladder__row" role="row" data-status="${h(line.status)}" data-testid="fancy-line">` +
      `<span class="ladder__name" role="rowheader">${h(line.name)}` +
      (line.status === 'OPEN' ? '' : `<span class="market-status">${h(t(marketStateKey(line.status, line.closed_by)))}</span>`) +
      `<span class="market__limits">${h(limitsText(context, line))}</span>${BOOK_SLOT}</span>${cells.join('')}</div>`
    );
  });
  return (
    `<section class="market market--fancy" data-testid="fancy" aria-label="${h(title)}">` +
    `<header class="market__header"><h2 class="market__title">${h(title)}</h2></header>` +
    `<div class="ladder ladder--single" role="table" aria-label="${h(title)}">` +
    ladderHead(context, t('sports.no'), t('sports.yes'), false) +
    `${rows.join('')}</div></section>`
  );
}

/** `/sports-detail/{id}` (match-detail-page.tsx): header, scoreboard, markets, fancy. */
function matchPage(context: SportsPaintContext, snapshot: MarketsSnapshot): string {
  const { match, markets, fancy } = snapshot;
  return (
    `<section class="sports-page match-detail" data-seq="${snapshot.seq}"><header class="match-detail__header">` +
    `<p class="match-detail__series"><a href="/sports/${match.sport_id}">${h(sportTitle(context, match.sport_id))}</a> · ` +
    `${h(match.series_name)}</p><h1 class="sports-page__title">${h(match.name)}</h1></header>` +
    scoreboard(context, match) +
    markets
      .map((market) =>
        isBookmakerMarket(market.market_id, market.market_name)
          ? bookmakerMarket(context, market)
          : ladderMarket(context, market),
      )
      .join('') +
    (fancy.length > 0 ? fancyTable(context, fancy) : '') +
    `</section>`
  );
}

/**
 * The page's content painted from its first data (web-first-screen.ts), inside the frame's
 * `<main>`; null where the page has nothing to paint (a race card, an empty list: the app shows
 * those as it does).
 */
export function paintSportsPage(calls: readonly PaintedCall[], context: SportsPaintContext): string | null {
  const dataOf = (path: string) => calls.find((call) => call.path === path);
  const markets = dataOf(endpoints.getMarkets.path);
  if (markets) {
    const snapshot = markets.data as MarketsSnapshot;
    return isRacingSport(snapshot.match.sport_id) ? null : matchPage(context, snapshot);
  }
  const matches = dataOf(endpoints.getMatches.path);
  const sportId = matches?.body.sport_id;
  if (!matches || typeof sportId !== 'number' || isRacingSport(sportId)) return null;
  const rows = matches.data as MatchRow[];
  if (rows.length === 0) return null;
  return sportPage(context, sportId, (dataOf(endpoints.getSeries.path)?.data as Series[] | undefined) ?? [], rows);
}
