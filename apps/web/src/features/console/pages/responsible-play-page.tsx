import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, FormField } from '@/components/ui';
import { RgPanel } from '../components/rg-panel';

/** A player's limits, time-outs and exclusions: view, and tighten only (docs/responsible-play.md). */
export function ResponsiblePlayPage() {
  const { t } = useTranslation('admin');
  const [draft, setDraft] = useState('');
  const [userName, setUserName] = useState('');
  function submit(event: FormEvent) {
    event.preventDefault();
    setUserName(draft.trim());
  }
  return (
    <div className="console-page">
      <h1 className="console-page__title">{t('nav.responsiblePlay')}</h1>
      <p className="console-page__lead">{t('rg.onlyTighten')}</p>
      <form className="console-form console-form--inline" role="search" onSubmit={submit}>
        <FormField
          label={t('players.userName')}
          value={draft}
          autoCapitalize="none"
          onChange={(event) => setDraft(event.target.value)}
        />
        <Button type="submit">{t('common.search')}</Button>
      </form>
      {userName && <RgPanel key={userName} userName={userName} />}
    </div>
  );
}
