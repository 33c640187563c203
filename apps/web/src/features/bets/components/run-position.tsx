import type { RunPositionRow } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatProfitLossRupees } from '../model/bet-format';

/** "≤ 42", "45", "47+" or "30–40": which results a row of the run position covers. */
export function useRunsLabel(): (row: RunPositionRow) => string {
  const { t } = useTranslation();
  return (row) => {
    if (row.to_run === null) return t('bets.runPosition.andMore', { run: row.from_run });
    if (row.from_run === row.to_run) return String(row.from_run);
    if (row.from_run === 0) return t('bets.runPosition.orLess', { run: row.to_run });
    return `${row.from_run}–${row.to_run}`;
  };
}

/**
 * A fancy line's run position, as Indian exchanges show it: the player's profit or loss at each
 * result around their lines (docs/betting.md "The fancy ladder"), under a summary line. Open at
 * first; the player may fold it away.
 */
export function RunPosition({ rows, summary, testId }: { rows: RunPositionRow[]; summary: string; testId?: string }) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(true);
  const runsLabel = useRunsLabel();
  return (
    <details className="run-position" open={isOpen} onToggle={(event) => setOpen(event.currentTarget.open)} data-testid={testId}>
      <summary className="run-position__summary">{summary}</summary>
      <table className="run-position__table" data-testid="run-position">
        <caption className="visually-hidden">{t('bets.runPosition.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('bets.runPosition.runs')}</th>
            <th scope="col">{t('bets.runPosition.profitLoss')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.from_run}>
              <th scope="row">{runsLabel(row)}</th>
              <td className={`bets-pl bets-pl--${row.profit_loss >= 0 ? 'up' : 'down'}`}>
                {formatProfitLossRupees(row.profit_loss)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
