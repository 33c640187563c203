import type { MatchRow, PaintedCall } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { PAINTED_LIST_ROWS, paintSportsPage, type SportsPaintContext, translator } from './sports-paint';

const texts = {
  sports: {
    back: 'Back',
    lay: 'Lay',
    live: 'Live',
    matchOdds: 'Match odds',
    series: 'Series',
    allSeries: 'All',
    notOffered: 'No price',
    priceLabel: '{{side}} {{name}} at {{price}}, {{size}} available',
    status: { SUSPENDED: 'Suspended' },
  },
  shell: { sports: { '4': 'Cricket', '1': 'Football' } },
};

const context: SportsPaintContext = {
  t: translator(texts),
  language: 'en',
  timeZone: 'Asia/Kolkata',
  now: new Date('2026-11-27T06:00:00Z'),
};

function row(id: number, extra: Partial<MatchRow> = {}): MatchRow {
  return {
    match_id: id,
    name: `Home ${id} v Away ${id}`,
    match_name: `Home ${id} v Away ${id}`,
    series_id: 1,
    series_name: 'Premier',
    sport_id: 4,
    start_time: '2026-11-27T10:30:00Z',
    in_play: false,
    match_odds: {
      market_id: `1.${id}`,
      status: 'OPEN',
      runners: [
        { selection_id: 1, name: `Home ${id}`, back: { odds: 1.5, size: 2000 }, lay: { odds: 1.52, size: 850 } },
        { selection_id: 2, name: `Away ${id}`, back: { odds: 2.9, size: 12500 }, lay: null },
      ],
    },
    ...extra,
  } as MatchRow;
}

function list(rows: MatchRow[], sportId = 4): PaintedCall[] {
  const body = { sport_id: sportId, is_active: '1' };
  return [
    { path: 'series/getSeries', body, data: [{ series_id: 1, name: 'Premier' }] },
    { path: 'match/getMatches', body, data: rows },
  ];
}

describe('a sports list painted by the server', () => {
  it('shows each row with labelled prices as the page prints them, start times in the player’s zone', () => {
    const html = paintSportsPage(list([row(1), row(2, { in_play: true })]), context) ?? '';
    expect(html).toContain('<h1 class="sports-page__title">Cricket</h1>');
    expect(html).toContain('<button type="button" class="sports-chip" aria-pressed="false" disabled>Premier</button>');
    expect(html.match(/data-testid="match-row"/g)).toHaveLength(2);
    expect(html).toContain('<span class="price__main">1.5</span><span class="price__sub">2K</span>');
    expect(html).toContain('aria-label="Back Home 1 v Away 1: Away 1 at 2.9, 12.5K available"');
    // No lay on offer: the empty cell, not a button.
    expect(html).toContain('<span class="price price--lay price--empty" aria-label="No price">–</span>');
    expect(html).toMatch(/data-testid="runner-label">1<\/span>.*data-testid="runner-label">2<\/span>/);
    expect(html).toContain('<time datetime="2026-11-27T10:30:00Z">4:00 pm</time>');
    expect(html).toContain('<span class="live-badge">Live</span>');
    expect(html).toContain('<a class="match-row__name" href="/sports-detail/1">');
  });

  it('leaves a start time for the app when the player’s zone is unknown', () => {
    const html = paintSportsPage(list([row(1)]), { ...context, timeZone: undefined }) ?? '';
    expect(html).toContain('<time datetime="2026-11-27T10:30:00Z"></time>');
  });

  it('shows a suspended market’s state and no prices', () => {
    const suspended = row(1);
    suspended.match_odds = { ...suspended.match_odds!, status: 'SUSPENDED' };
    const html = paintSportsPage(list([suspended]), context) ?? '';
    expect(html).toContain('data-suspended="true"');
    expect(html).toContain('<span class="market-status">Suspended</span>');
    expect(html).not.toContain('<button type="button" class="price');
  });

  it('escapes every text from the feed', () => {
    const html =
      paintSportsPage(list([row(1, { name: '<img src=x onerror=alert(1)>', series_name: '"quoted" & more' })]), context) ?? '';
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&quot;quoted&quot; &amp; more');
  });

  it('paints a phone’s first screen of rows, and nothing for an empty list or a racing sport', () => {
    const rows = Array.from({ length: PAINTED_LIST_ROWS + 5 }, (_, index) => row(index + 1));
    expect(paintSportsPage(list(rows), context)?.match(/data-testid="match-row"/g)).toHaveLength(PAINTED_LIST_ROWS);
    expect(paintSportsPage(list([]), context)).toBeNull();
    expect(paintSportsPage(list([row(1, { sport_id: 7 })], 7), context)).toBeNull();
    expect(paintSportsPage([], context)).toBeNull();
  });
});
