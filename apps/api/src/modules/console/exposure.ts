/** An open bet as exposure needs it (paise). */
export interface OpenBet {
  market_id: string | null;
  fancy_id: number | null;
  selection_id: number;
  is_back: number;
  liability: number;
  possible_win: number;
}

/**
 * What the book pays out (positive) or takes in (negative) on a market if each runner wins, from
 * the open bets: a back on the winner or a lay on any other runner wins its possible win; every
 * other bet loses its liability (docs/betting.md).
 */
export function runnerExposure(bets: OpenBet[], selectionIds: number[]): Map<number, number> {
  const result = new Map<number, number>(selectionIds.map((id) => [id, 0]));
  for (const winner of selectionIds) {
    let book = 0;
    for (const bet of bets) {
      const betWins = Number(bet.is_back) === 1 ? bet.selection_id === winner : bet.selection_id !== winner;
      book += betWins ? Number(bet.possible_win) : -Number(bet.liability);
    }
    result.set(winner, book);
  }
  return result;
}

/** The most the book can lose on a market: its worst runner (0 when it wins on every runner). */
export function worstCase(exposure: Map<number, number>): number {
  return Math.max(0, ...exposure.values());
}
