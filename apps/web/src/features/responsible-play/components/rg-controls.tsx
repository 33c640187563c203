import { RG_LIMIT_KINDS, type RgLimitKind, type RgState, SCROLL_TO_TOP_DELAY_MS } from '@app/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Button, Loading } from '@/components/ui';
import { useRgLimits } from '../api/rg-calls';
import { limitsOfKind } from '../model/limits-model';
import { LimitRow } from './limit-row';
import { type PauseHandlers, PauseForms } from './pause-forms';
import { PauseStatusCard } from './pause-status';
import { SessionControlsForm } from './session-controls-form';
import '../session.css';
import '../responsible-play.css';

/** The anchor of each kind's card: `/responsible-gambling#rg-deposit` opens the page at the deposit limits. */
export const limitCardId = (kind: RgLimitKind) => `rg-${kind}`;

/**
 * /responsible-gambling for a logged-in player (docs/responsible-play.md): the limits (deposit,
 * loss, stake × day, week, month), the session controls, time-out and self-exclusion.
 */
export function RgControls(handlers: PauseHandlers) {
  const { t } = useTranslation();
  const limits = useRgLimits();

  if (limits.isPending) return <Loading label={t('rg.loading')} />;
  if (limits.isError) {
    return (
      <div className="rg-card" role="alert">
        <p>{limits.error.message}</p>
        <Button variant="secondary" isLoading={limits.isFetching} onClick={() => void limits.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  return <Controls state={limits.data} {...handlers} />;
}

function Controls({ state, ...handlers }: { state: RgState } & PauseHandlers) {
  const { t } = useTranslation();
  useScrollToHash();
  return (
    <section className="rg-controls" aria-labelledby="rg-controls-title" data-testid="rg-controls">
      <h2 id="rg-controls-title" className="rg-controls__title">
        {t('rg.title')}
      </h2>
      <PauseStatusCard state={state} />

      <section className="rg-section" aria-labelledby="rg-limits-title">
        <h3 id="rg-limits-title">{t('rg.limits.title')}</h3>
        <p className="rg-note">{t('rg.limits.about')}</p>
        {RG_LIMIT_KINDS.map((kind) => (
          <section
            key={kind}
            id={limitCardId(kind)}
            className="rg-card"
            tabIndex={-1}
            aria-labelledby={`${limitCardId(kind)}-title`}
          >
            <h4 id={`${limitCardId(kind)}-title`} className="rg-card__title">
              {t(`rg.limits.kinds.${kind}.title`)}
            </h4>
            <p className="rg-note">{t(`rg.limits.kinds.${kind}.about`)}</p>
            <ul className="rg-limits">
              {limitsOfKind(state, kind).map((limit) => (
                <LimitRow key={limit.period} limit={limit} />
              ))}
            </ul>
          </section>
        ))}
      </section>

      <section className="rg-section" aria-labelledby="rg-session-title">
        <h3 id="rg-session-title">{t('rg.session.title')}</h3>
        <SessionControlsForm state={state} />
      </section>

      <section className="rg-section" aria-labelledby="rg-pause-title">
        <h3 id="rg-pause-title">{t('rg.pause.title')}</h3>
        <p className="rg-note">{t('rg.pause.about')}</p>
        <PauseForms {...handlers} />
      </section>
    </section>
  );
}

/**
 * `#rg-deposit` and the like (the deposit page's prompt): the page's text loads first, so the
 * browser's own jump finds nothing, and the site scrolls every new page to the top
 * (SCROLL_TO_TOP_DELAY_MS). Once both are done, the kind's card comes into view and takes focus.
 */
function useScrollToHash(): void {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash.startsWith('#rg-')) return;
    const timer = window.setTimeout(() => {
      const target = document.getElementById(hash.slice(1));
      target?.scrollIntoView({ block: 'start' });
      target?.focus({ preventScroll: true });
    }, SCROLL_TO_TOP_DELAY_MS + 50);
    return () => window.clearTimeout(timer);
  }, [hash]);
}
