import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { openLoginModal } from '@/features/account';
import { placeBet, refreshBets } from '@/features/bets';
import { BetSlip, type PlaceBet } from '@/features/betslip';
import { useStakeButtons } from '@/features/wallet';
import { useSession } from '@/lib/session';
import { betSlipStore } from '../bet-slip';
import './bet-slip-area.css';

/** The balance query of the wallet feature, read again after a bet moved money. */
const BALANCE_QUERY_KEY = ['wallet', 'balance'] as const;

/**
 * The bet slip in the sports layout, composed from the account (session, login modal), wallet
 * (the player's Game stake buttons, the balance) and bets (placement, the book) features.
 */
export function BetSlipArea() {
  const session = useSession();
  const queryClient = useQueryClient();
  const buttons = useStakeButtons(Boolean(session));
  const gameButtons = (buttons.data ?? []).filter((button) => button.type === 'Game');
  const onPlace = useCallback<PlaceBet>(
    async (request) => {
      // One key per press of the button: a retry of this press can only ever be this bet.
      const { message } = await placeBet(request, crypto.randomUUID());
      await Promise.all([queryClient.invalidateQueries({ queryKey: BALANCE_QUERY_KEY }), refreshBets(queryClient)]);
      return { message };
    },
    [queryClient],
  );
  return (
    <BetSlip
      store={betSlipStore}
      isLoggedIn={Boolean(session)}
      stakeButtons={gameButtons}
      onPlace={onPlace}
      onLoginRequired={openLoginModal}
    />
  );
}
