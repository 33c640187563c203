import { type BetSelection, marketKindOf, toOddsHundredths } from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { openLoginModal } from '@/features/account';
import { placeBet, refreshBets } from '@/features/bets';
import { BetSlip, type LiveQuote, type PlaceBet, useBetSlipState } from '@/features/betslip';
import { type SelectionQuote, useSelectionQuote } from '@/features/sports/live';
import { useStakeButtons } from '@/features/wallet';
import { queryKeys } from '@/lib/query-keys';
import { useSession } from '@/lib/session';
import { betSlipStore } from '../bet-slip';
import './bet-slip-area.css';

/** The balance query of the wallet feature, read again after a bet moved money. */

/** The sports feature's quote in the slip's units (hundredths, per 100, or the fancy size). */
function liveQuoteOf(selection: BetSelection, quote: SelectionQuote): LiveQuote {
  const kind = marketKindOf(selection);
  return {
    status: quote.status,
    price: quote.odds === null ? null : toOddsHundredths(kind, quote.odds),
    run: quote.run,
    inPlay: quote.inPlay,
    betDelaySeconds: quote.betDelaySeconds,
  };
}

/** Feeds the slip the live price of its selection (sports feature → bet slip feature). */
function FollowSelection({ selection }: { selection: BetSelection }) {
  const quote = useSelectionQuote(selection);
  useEffect(() => {
    betSlipStore.dispatch({ type: 'quoteChanged', quote: quote ? liveQuoteOf(selection, quote) : null });
  }, [quote, selection]);
  return null;
}

/**
 * The bet slip in the sports layout, composed from the account (session, login modal), wallet
 * (the player's Game stake buttons, the balance), bets (placement, the book) and sports (the
 * selection's live price) features.
 */
export function BetSlipArea() {
  const session = useSession();
  const queryClient = useQueryClient();
  const { selection } = useBetSlipState(betSlipStore);
  const buttons = useStakeButtons(Boolean(session));
  const gameButtons = (buttons.data ?? []).filter((button) => button.type === 'Game');
  const onPlace = useCallback<PlaceBet>(
    async (request) => {
      // One key per press of the button: a retry of this press can only ever be this bet.
      const { data } = await placeBet(request, crypto.randomUUID());
      await Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.wallet.balance }), refreshBets(queryClient)]);
      return { odds: data.odds, run: data.run, stack: data.stack };
    },
    [queryClient],
  );
  return (
    <>
      {selection && <FollowSelection key={`${selection.match_id}`} selection={selection} />}
      <BetSlip
        store={betSlipStore}
        isLoggedIn={Boolean(session)}
        stakeButtons={gameButtons}
        onPlace={onPlace}
        onLoginRequired={openLoginModal}
      />
    </>
  );
}
