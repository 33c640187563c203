import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui';
import { type BetSlipState, placementDelayMs } from '../model/bet-slip-state';

const COUNTDOWN_TICK_MS = 250;

/** Whole seconds left of the in-play delay while the bet waits; 0 when there is none or it is over. */
function useDelaySecondsLeft(placing: BetSlipState['placing']): number {
  const [now, setNow] = useState(() => Date.now());
  const isCounting = placing !== null && placing.delayMs > 0;
  useEffect(() => {
    if (!isCounting) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, [isCounting]);
  if (!placing || placing.delayMs === 0) return 0;
  return Math.max(0, Math.ceil((placing.startedAt + placing.delayMs - now) / 1000));
}

/**
 * Place: names the in-play delay before the press, and counts it down while the bet waits
 * (in-play match-odds bets are held and checked again: docs/betting.md "Placement").
 */
export function BetSlipPlaceButton({
  state,
  isDisabled,
  describedBy,
}: {
  state: BetSlipState;
  isDisabled: boolean;
  describedBy: string | undefined;
}) {
  const { t } = useTranslation();
  const secondsLeft = useDelaySecondsLeft(state.placing);
  const delaySeconds = placementDelayMs(state) / 1000;
  const label = state.isPlacing
    ? secondsLeft > 0
      ? t('betslip.placingIn', { seconds: secondsLeft })
      : t('betslip.placing')
    : delaySeconds > 0
      ? t('betslip.placeWithDelay', { seconds: delaySeconds })
      : t('betslip.place');
  return (
    <Button
      type="submit"
      className="betslip__place"
      isLoading={state.isPlacing}
      disabled={isDisabled}
      aria-describedby={describedBy}
      data-testid="bet-slip-place"
    >
      {label}
    </Button>
  );
}
