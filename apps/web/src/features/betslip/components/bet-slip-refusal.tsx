import { type Ref, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui';
import type { BetSlipState } from '../model/bet-slip-state';
import { priceText } from '../model/price-text';

/**
 * Why the last press was refused, inside the slip above its buttons (never a toast over them). A
 * price that moved is offered again: one tap places the bet at it.
 */
export function BetSlipRefusal({ state, onTakeOffer }: { state: BetSlipState; onTakeOffer: () => void }) {
  const { t } = useTranslation();
  const boxRef = useRef<HTMLDivElement>(null);
  const { refusal, kind } = state;
  // A sheet taller than the phone scrolls: bring the reason and its button into view. (Braces:
  // newer browsers answer scrollIntoView with a promise, which must not become the cleanup.)
  useEffect(() => {
    void boxRef.current?.scrollIntoView({ block: 'nearest' });
  }, [refusal]);
  if (!refusal || !kind) return null;
  const offer = refusal.offer;
  return (
    <div ref={boxRef as Ref<HTMLDivElement>} className="betslip__refusal" role="alert" data-testid="bet-slip-refusal">
      <p className="betslip__refusal-text">{refusal.message}</p>
      {offer && (
        <Button className="betslip__take" onClick={onTakeOffer} disabled={state.isPlacing} data-testid="bet-slip-take-offer">
          {t('betslip.takeOffer', { price: priceText(kind, offer.price, offer.run) })}
        </Button>
      )}
    </div>
  );
}
