import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui';
import type { FlightView } from '../../model/crash-flight';
import { useDrawnMultiplier } from '../../model/use-crash-flight';

export interface CrashFlightBoardProps {
  view: FlightView | null;
  serverNow: () => number;
  /** Seconds until take-off, while bets are open. */
  secondsToStart: number;
  /** Whether the player has a running bet to cash out (the button shows). */
  canCashOut: boolean;
  /** The multiplier a cash-out on its way asked for (hundredths), else null. */
  cashingOutAt: number | null;
  /** Cashes out at the multiplier the button shows (hundredths). */
  onCashOut: (at: number) => void;
}

const times = (hundredths: number) => (hundredths / 100).toFixed(2);

/**
 * The flight as the server tells it (docs/casino.md "Crash on the screen"): the counter and the
 * cash-out button show the same drawn multiplier, which never passes what the server's last look
 * makes sure; a tap asks for exactly that, and while it travels the button keeps it.
 */
export function CrashFlightBoard({
  view,
  serverNow,
  secondsToStart,
  canCashOut,
  cashingOutAt,
  onCashOut,
}: CrashFlightBoardProps) {
  const { t } = useTranslation();
  const drawn = useDrawnMultiplier(view, serverNow);
  const phase = view?.phase ?? 'betting';
  return (
    <>
      <p
        className="casino-board__big"
        aria-live="off"
        data-testid="crash-multiplier"
        data-round={view?.roundNumber}
        data-phase={phase}
      >
        {times(drawn)}×
      </p>
      <p role="status">
        {phase === 'betting'
          ? t('casino.crash.betting', { seconds: secondsToStart })
          : phase === 'running'
            ? t('casino.crash.running')
            : t('casino.crash.crashed', { point: times(view?.crashPoint ?? 100) })}
      </p>
      {phase === 'running' && canCashOut ? (
        <Button
          type="button"
          isBlock
          className="casino-crash__cashout"
          data-testid="crash-cashout"
          isLoading={cashingOutAt !== null}
          onClick={() => onCashOut(drawn)}
        >
          {cashingOutAt !== null
            ? t('casino.crash.cashingOut', { at: times(cashingOutAt) })
            : t('casino.crash.cashOut', { at: times(drawn) })}
        </Button>
      ) : null}
    </>
  );
}
