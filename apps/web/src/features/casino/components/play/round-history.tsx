import { type FairRoundView, formatRupees, latinDigitsLocale } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The player's last rounds of this game, each with a link to verify it. */
export function RoundHistory({ rounds }: { rounds: FairRoundView[] }) {
  const { t, i18n } = useTranslation();
  const time = new Intl.DateTimeFormat(latinDigitsLocale(i18n.language), { timeStyle: 'medium' });
  if (rounds.length === 0) return <p className="casino-empty">{t('casino.history.empty')}</p>;
  return (
    <table className="casino-history">
      <caption>{t('casino.history.title')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('casino.history.time')}</th>
          <th scope="col">{t('casino.history.nonce')}</th>
          <th scope="col">{t('casino.history.stake')}</th>
          <th scope="col">{t('casino.history.payout')}</th>
          <th scope="col">{t('casino.history.verify')}</th>
        </tr>
      </thead>
      <tbody>
        {rounds.map((round) => (
          <tr key={round.round_uuid} className={round.payout > 0 ? 'casino-history--won' : undefined}>
            <td>{time.format(new Date(round.date))}</td>
            <td>{round.nonce}</td>
            <td>{formatRupees(round.stake)}</td>
            <td>
              {formatRupees(round.payout)} ({(round.multiplier / 10_000).toFixed(2)}×)
            </td>
            <td>
              <Link to={`/provably-fair?round=${round.round_uuid}`}>{t('casino.history.verifyLink')}</Link>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
