import { formatRupees } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useRgLimits } from '../api/rg-calls';
import { limitsOfKind } from '../model/limits-model';
import '../session.css';
import '../responsible-play.css';

/** Where the controls page opens at the deposit limits (rg-controls.tsx `limitCardId('deposit')`). */
const DEPOSIT_LIMITS_PATH = `${paths.responsibleGambling}#rg-deposit`;

/**
 * On /deposit (docs/responsible-play.md "Deposit limits"): the daily, weekly and monthly deposit
 * limits this deposit counts against and what each has left; before a first deposit without
 * any, a short prompt to set one.
 */
export function DepositLimitNotice({ hasCreditedDeposit }: { hasCreditedDeposit: boolean | undefined }) {
  const { t } = useTranslation();
  const limits = useRgLimits();
  if (!limits.data) return null;
  const set = limitsOfKind(limits.data, 'deposit').filter((limit) => limit.amount !== null);

  if (set.length > 0) {
    return (
      <section className="rg-card rg-deposit" aria-labelledby="rg-deposit-limits-title" data-testid="rg-deposit-limits">
        <h2 id="rg-deposit-limits-title" className="rg-card__title">
          {t('rg.deposit.limitsTitle')}
        </h2>
        <ul className="rg-deposit__list">
          {set.map((limit) => (
            <li key={limit.period}>
              <span>{t(`rg.periods.${limit.period}`)}</span> <strong>{formatRupees(limit.amount ?? 0)}</strong>
              <span className="rg-deposit__left">{t('rg.deposit.left', { left: formatRupees(limit.remaining ?? 0) })}</span>
            </li>
          ))}
        </ul>
        <Link className="rg-link" to={DEPOSIT_LIMITS_PATH}>
          {t('rg.deposit.change')}
        </Link>
      </section>
    );
  }
  if (hasCreditedDeposit !== false) return null;
  return (
    <aside
      className="rg-card rg-deposit rg-deposit--prompt"
      aria-labelledby="rg-deposit-prompt-title"
      data-testid="rg-deposit-prompt"
    >
      <h2 id="rg-deposit-prompt-title" className="rg-card__title">
        {t('rg.deposit.promptTitle')}
      </h2>
      <p>{t('rg.deposit.promptText')}</p>
      <Link className="rg-link" to={DEPOSIT_LIMITS_PATH}>
        {t('rg.deposit.promptLink')}
      </Link>
    </aside>
  );
}
