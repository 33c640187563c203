import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useGameList, useLobby } from '../api/casino-calls';
import { GROUP_TITLES, groupPath } from '../model/casino-groups';
import { useHasIndianCasino } from '../model/use-has-indian-casino';
import { GameGrid } from './game-grid';
import '../casino.css';

export interface LobbyProps {
  onLoginRequired: () => void;
}

const BANNERS = [
  { key: 'originals', to: groupPath('super-game') },
  { key: 'crash', to: groupPath('virtual-game') },
  { key: 'indian', to: groupPath('SN') },
] as const;

function GameSearch() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(params.get('q') ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setParams(text.trim() ? { q: text.trim() } : {});
  };
  return (
    <form className="casino-search" role="search" onSubmit={submit}>
      <label htmlFor="casino-search" className="visually-hidden">
        {t('casino.search.label')}
      </label>
      <input
        id="casino-search"
        type="search"
        value={text}
        maxLength={60}
        placeholder={t('casino.search.placeholder')}
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit">{t('casino.search.submit')}</button>
    </form>
  );
}

/** The lobby on /home (under the shell's hero): banners, search, categories, popular and new games. */
export function CasinoLobby({ onLoginRequired }: LobbyProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const search = params.get('q') ?? '';
  const lobby = useLobby();
  const results = useGameList({ search }, search.length > 0);
  const showIndian = useHasIndianCasino();
  const categories = (lobby.data?.categories ?? []).filter((row) => row.category !== 'SN' || showIndian);
  return (
    <div className="casino-lobby">
      <section className="casino-banners" aria-label={t('casino.banners.label')}>
        {BANNERS.filter((banner) => banner.key !== 'indian' || showIndian).map((banner) => (
          <Link key={banner.key} to={banner.to} className={`casino-banner casino-banner--${banner.key}`}>
            <strong>{t(`casino.banners.${banner.key}.title`)}</strong>
            <span>{t(`casino.banners.${banner.key}.text`)}</span>
          </Link>
        ))}
      </section>
      <GameSearch />
      {search ? (
        <section className="casino-section" aria-labelledby="casino-results">
          <h2 id="casino-results">{t('casino.search.results', { text: search })}</h2>
          <GameGrid
            games={results.data}
            isLoading={results.isPending}
            emptyText={t('casino.search.none')}
            label={t('casino.search.results', { text: search })}
            onLoginRequired={onLoginRequired}
          />
        </section>
      ) : null}
      <nav className="casino-categories" aria-label={t('casino.categories')}>
        {categories.map((row) => (
          <Link key={row.category} to={groupPath(row.category)} className="casino-chip">
            {t(GROUP_TITLES[row.category])} <span className="casino-chip__count">{row.game_count}</span>
          </Link>
        ))}
        <Link to="/home/group/list" className="casino-chip">
          {t('casino.groups.providers')}
        </Link>
      </nav>
      <section className="casino-section" aria-labelledby="casino-popular">
        <h2 id="casino-popular">{t('casino.popular')}</h2>
        <GameGrid
          games={lobby.data?.popular}
          isLoading={lobby.isPending}
          emptyText={t('casino.emptyList')}
          label={t('casino.popular')}
          onLoginRequired={onLoginRequired}
        />
      </section>
      <section className="casino-section" aria-labelledby="casino-new">
        <h2 id="casino-new">{t('casino.newest')}</h2>
        <GameGrid
          games={lobby.data?.newest}
          isLoading={lobby.isPending}
          emptyText={t('casino.emptyList')}
          label={t('casino.newest')}
          onLoginRequired={onLoginRequired}
        />
      </section>
    </div>
  );
}
