import './games.css';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/lib/use-language';
import { useGamesConfig } from '../context';
import { useGameList, useLastPlayed } from '../hooks/useCatalogue';
import { useGameLaunch } from '../hooks/useGameLaunch';
import { dialogStore } from '../launch/store';
import { searchGames } from '../search';
import type { Game, LobbySelection } from '../types';
import { DemoModeNotice, GameGrid } from './GameGrid';
import { GameSearch } from './GameSearch';

interface LobbyGamesProps {
  selection: LobbySelection;
  /** the lobby's own panel (game type cards, providers) */
  children?: ReactNode;
}

function Section({ title, children, action }: { title: ReactNode; children: ReactNode; action?: ReactNode }) {
  return (
    <section className="games-section">
      <header className="games-section__head">
        <h3>{title}</h3>
        {action}
      </header>
      {children}
    </section>
  );
}

/** The games of a lobby tab: search and popular games, favourites, recently played, a type's games. */
export function LobbyGames({ selection, children }: LobbyGamesProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { demoMode } = useGamesConfig();
  const launch = useGameLaunch();
  const { data: games, isPending } = useGameList();
  const lastPlayed = useLastPlayed();
  const [query, setQuery] = useState('');
  const onPlay = (g: Game) => void launch(g);

  const byId = useMemo(() => new Map((games ?? []).map((g) => [g.game_id, g])), [games]);
  const results = useMemo(() => searchGames(games ?? [], query, lang), [games, query, lang]);

  const notice = demoMode ? <DemoModeNotice /> : null;

  if (selection.tab === 'my_favorite') {
    const favs = games?.filter((g) => g.member_favorite === 1);
    return (
      <div className="lobby-games">
        {notice}
        <GameGrid games={favs} loading={isPending} onPlay={onPlay} empty={t('no_favorites')} testId="favorite-games" />
      </div>
    );
  }
  if (selection.tab === 'last_play') {
    const list = lastPlayed.data?.map((id) => byId.get(id)).filter((g): g is Game => !!g);
    return (
      <div className="lobby-games">
        {notice}
        <GameGrid games={list} loading={isPending || lastPlayed.isPending} onPlay={onPlay} empty={t('no_last_play')} testId="last-played-games" />
      </div>
    );
  }
  if (selection.tab === 'type') {
    const ofType = games?.filter((g) => g.game_type === selection.gtId);
    return (
      <div className="lobby-games">
        {children}
        {notice}
        <Section title={t('type_games')}>
          <GameGrid games={ofType} loading={isPending} onPlay={onPlay} testId={`type-games-${selection.gtId}`} />
        </Section>
      </div>
    );
  }
  const hot = games?.filter((g) => g.tags?.includes('hot'));
  return (
    <div className="lobby-games">
      <div className="lobby-games__bar">
        <GameSearch value={query} onChange={setQuery} />
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => dialogStore.set({ kind: 'demo_list' })} data-testid="open-demo-list">
          {t('demo_games')}
        </button>
      </div>
      {notice}
      {query.trim() ? (
        <Section title={t('search_results', { count: results.length })}>
          <GameGrid games={results} onPlay={onPlay} empty={t('search_none', { q: query.trim() })} testId="search-results" />
        </Section>
      ) : (
        <>
          {children}
          <Section title={t('hot_games')}>
            <GameGrid games={hot} loading={isPending} onPlay={onPlay} testId="hot-games" />
          </Section>
        </>
      )}
    </div>
  );
}

export default LobbyGames;
