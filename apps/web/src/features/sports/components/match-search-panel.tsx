import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useMatchSearch } from '../api/search-matches';
import { formatStart } from '../model/format';
import './sports.css';

const TYPING_PAUSE_MS = 300;

export interface MatchSearchPanelProps {
  id: string;
  onClose: () => void;
}

/** The open search box with live results; loaded on the first open (match-search.tsx). */
export function MatchSearchPanel({ id, onClose }: MatchSearchPanelProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const results = useMatchSearch(search);
  const rows = search.trim().length >= 2 ? (results.data ?? []) : [];

  useEffect(() => {
    const timer = setTimeout(() => setSearch(text), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  useEffect(() => inputRef.current?.focus(), []);

  // Closing unmounts the panel, which clears the text, the results and the active row.
  const close = onClose;
  const open = (sportId: number, matchId: number) => {
    close();
    void navigate(paths.eventDetail(sportId, matchId));
  };

  return (
    <div id={id} className="match-search__panel">
      <input
        ref={inputRef}
        type="search"
        role="combobox"
        className="match-search__input"
        value={text}
        maxLength={100}
        placeholder={t('sports.search.placeholder')}
        aria-label={t('sports.search.label')}
        aria-expanded={rows.length > 0}
        aria-controls={listId}
        aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
        onChange={(event) => {
          setText(event.target.value);
          setActive(-1);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') close();
          else if (event.key === 'ArrowDown') setActive((index) => Math.min(rows.length - 1, index + 1));
          else if (event.key === 'ArrowUp') setActive((index) => Math.max(0, index - 1));
          else if (event.key === 'Enter') {
            const row = rows[active] ?? rows[0];
            if (row) open(row.sport_id, row.match_id);
          } else return;
          event.preventDefault();
        }}
      />
      <ul id={listId} role="listbox" className="match-search__results" aria-label={t('sports.search.results')}>
        {rows.map((row, index) => (
          <li
            key={row.match_id}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className="match-search__result"
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => open(row.sport_id, row.match_id)}
          >
            <span className="match-search__name">{row.name}</span>
            {/* Which sport and whether it is on now, at a glance (docs/sports.md, "The pages"). */}
            <span className="match-search__badges">
              <span className="sport-badge" data-testid="search-sport">
                {t(`shell.sports.${row.sport_id}`, { defaultValue: '' })}
              </span>
              {row.in_play ? (
                <span className="live-badge" data-testid="search-live">
                  {t('sports.live')}
                </span>
              ) : (
                <span className="match-search__meta">{formatStart(row.start_time, i18n.language)}</span>
              )}
            </span>
          </li>
        ))}
      </ul>
      {search.trim().length >= 2 && results.isSuccess && rows.length === 0 && (
        <p className="match-search__none">{t('sports.search.none')}</p>
      )}
      {results.isError && <p className="match-search__none">{t('sports.loadFailed')}</p>}
    </div>
  );
}
