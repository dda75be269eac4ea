import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/Skeleton';
import type { Game } from '@/api';
import { GameTile } from './GameTile';

interface GameGridProps {
  games: Game[] | undefined;
  loading?: boolean;
  onPlay: (game: Game) => void;
  empty?: string;
  testId?: string;
  compact?: boolean;
}

export function GameGrid({ games, loading, onPlay, empty, testId = 'game-grid', compact }: GameGridProps) {
  const { t } = useTranslation();
  if (loading && !games) {
    return (
      <div className={`game-grid${compact ? ' game-grid--compact' : ''}`} aria-busy="true">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} height={compact ? 150 : 200} />
        ))}
      </div>
    );
  }
  if (!games?.length) {
    return (
      <p className="games-empty" data-testid={`${testId}-empty`}>
        {empty ?? t('no_games_yet')}
      </p>
    );
  }
  return (
    <div className={`game-grid${compact ? ' game-grid--compact' : ''}`} data-testid={testId}>
      {games.map((g) => (
        <GameTile key={`${g.gp_id}-${g.game_code}`} game={g} onPlay={onPlay} compact={compact} />
      ))}
    </div>
  );
}

export function DemoModeNotice() {
  const { t } = useTranslation();
  return (
    <p className="games-demo-notice" role="note" data-testid="demo-mode-notice">
      {t('demo_mode_play_disabled')}
    </p>
  );
}
