import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui';
import type { MatchSearchPanel as Panel } from './match-search-panel';
import './sports.css';

// The box and its results load on the first open: /home carries only the button. Kept once loaded.
let loadedPanel: typeof Panel | null = null;

/** The header's match search: a button that opens a search box with live results. */
export function MatchSearch() {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const [SearchPanel, setSearchPanel] = useState(() => loadedPanel);
  const panelId = useId();
  const close = () => setOpen(false);
  const openSearch = () => {
    setOpen(true);
    if (SearchPanel) return;
    void import('./match-search-panel').then(
      ({ MatchSearchPanel }) => {
        loadedPanel = MatchSearchPanel;
        setSearchPanel(() => MatchSearchPanel);
      },
      // Offline or replaced by a new release: say so, as a page that failed to load does.
      () => {
        setOpen(false);
        toast.error(t('site.pageLoadFailed'));
      },
    );
  };

  return (
    <div className="match-search">
      <button
        type="button"
        className="match-search__toggle"
        aria-expanded={isOpen}
        aria-controls={panelId}
        aria-label={t('sports.search.open')}
        onClick={() => (isOpen ? close() : openSearch())}
      >
        <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" />
        </svg>
      </button>
      {isOpen && SearchPanel && <SearchPanel id={panelId} onClose={close} />}
    </div>
  );
}
