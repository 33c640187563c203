import type { BetSelection } from '@app/shared';
import { useMemo } from 'react';
import { type SelectionQuote, quoteOfSelection } from '../model/selection-quote';
import { useMatchMarkets } from './get-markets';

/**
 * The live price of a clicked selection: follows its match (the same live query the match page
 * uses, so a slip opened there adds no request; opened from a list, it follows the match itself).
 * Null until the match's state is known.
 */
export function useSelectionQuote(selection: BetSelection): SelectionQuote | null {
  const markets = useMatchMarkets(selection.match_id);
  const snapshot = markets.data;
  return useMemo(() => (snapshot ? quoteOfSelection(snapshot, selection) : null), [snapshot, selection]);
}
