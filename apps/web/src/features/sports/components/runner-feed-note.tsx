import type { Market } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { formatOdds } from '../model/format';
import { runnerNote } from '../model/runner-note';

/** A non-runner, or a last traded price where no offers are carried (model/runner-note.ts). */
export function RunnerFeedNote({ runner }: { runner: Market['runners'][number] }) {
  const { t } = useTranslation();
  const note = runnerNote(runner);
  if (!note) return null;
  return note.kind === 'removed' ? (
    <span className="runner-note runner-note--removed" data-testid="non-runner">
      {t('sports.nonRunner')}
    </span>
  ) : (
    <span className="runner-note" data-testid="last-traded">
      {t('sports.lastTraded', { odds: formatOdds(note.odds) })}
    </span>
  );
}
