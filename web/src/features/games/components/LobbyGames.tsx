import './games.css';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/lib/use-language';
import { useGameList, useHotGames, useLastPlayed, useTagGames, useTemplateLists, type Game, type LobbySelection } from '@/api';
import { useEnvConfig } from '@/site';
import { useGameLaunch } from '../hooks/useGameLaunch';
import { dialogStore } from '../launch/store';
import { searchGames } from '../search';
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

/** The site's curated home lists (/v2/get_template_game_list), each a section. */
function TemplateLists({ onPlay }: { onPlay: (g: Game) => void }) {
  const { data } = useTemplateLists();
  return (
    <>
      {data
        ?.filter((l) => l.game_list.length > 0)
        .map((l) => (
          <Section key={l.id} title={l.title}>
            <GameGrid games={l.game_list} onPlay={onPlay} testId={`template-list-${l.id}`} />
          </Section>
        ))}
    </>
  );
}

/** A type's newest games (/v2/get_tag_game_list), when it has any. */
function NewGames({ gtId, onPlay }: { gtId: number; onPlay: (g: Game) => void }) {
  const { t } = useTranslation();
  const { data } = useTagGames('new', gtId);
  if (!data?.length) return null;
  return (
    <Section title={t('new_games')}>
      <GameGrid games={data} onPlay={onPlay} testId={`new-games-${gtId}`} />
    </Section>
  );
}

/** The games of a lobby tab: search and popular games, favourites, recently played, a type's games. */
export function LobbyGames({ selection, children }: LobbyGamesProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { demo_mode: demoMode } = useEnvConfig();
  const launch = useGameLaunch();
  const { data: games, isPending } = useGameList();
  const lastPlayed = useLastPlayed();
  const hot = useHotGames(0);
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
        <NewGames gtId={selection.gtId} onPlay={onPlay} />
        <Section title={t('type_games')}>
          <GameGrid games={ofType} loading={isPending} onPlay={onPlay} testId={`type-games-${selection.gtId}`} />
        </Section>
      </div>
    );
  }
  return (
    <div className="lobby-games">
      <div className="lobby-games__bar">
        <GameSearch value={query} onChange={setQuery} />
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          onClick={() => dialogStore.set({ kind: 'demo_list' })}
          disabled={demoMode}
          title={demoMode ? t('demo_mode_play_disabled') : undefined}
          data-testid="open-demo-list"
        >
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
            <GameGrid games={hot.data} loading={hot.isPending} onPlay={onPlay} testId="hot-games" />
          </Section>
          <TemplateLists onPlay={onPlay} />
        </>
      )}
    </div>
  );
}

export default LobbyGames;
