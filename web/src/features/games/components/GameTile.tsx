import { useTranslation } from 'react-i18next';
import { useSession } from '@/lib/session';
import { useLanguage } from '@/lib/use-language';
import { useEnvConfig } from '@/site';
import { useFavoriteToggle } from '../hooks/useFavoriteToggle';
import { gameName } from '../search';
import type { Game } from '@/api';

const Heart = ({ filled }: { filled: boolean }) => (
  <svg viewBox="0 0 24 24" width="18" height="18" fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2" aria-hidden="true">
    <path d="M12 20s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7a4.3 4.3 0 0 1 7.5 2.8C19.5 15.4 12 20 12 20z" />
  </svg>
);

/** The labels a tile shows (keys built from the tag). */
export const TAG_KEYS = [/* i18n */ 'tag_hot', /* i18n */ 'tag_new'];

export function FavoriteButton({ game }: { game: Game }) {
  const { t } = useTranslation();
  const toggle = useFavoriteToggle();
  const on = game.member_favorite === 1;
  return (
    <button
      type="button"
      className={`game-tile__fav${on ? ' is-on' : ''}`}
      aria-pressed={on}
      aria-label={on ? t('remove_favorite') : t('add_favorite')}
      title={on ? t('remove_favorite') : t('add_favorite')}
      onClick={() => toggle.mutate({ game, on: !on })}
      data-testid={`favorite-${game.game_code}`}
    >
      <Heart filled={on} />
    </button>
  );
}

export interface GameTileProps {
  game: Game;
  onPlay: (game: Game) => void;
  compact?: boolean;
}

/** One game: its tile, name, labels, favourite mark and play button. */
export function GameTile({ game, onPlay, compact }: GameTileProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { demo_mode: demoMode } = useEnvConfig();
  const { token } = useSession();
  const name = gameName(game, lang);
  // Visitors try games with play money; customized entries need a login.
  const label = !token && !game.customized ? t('free_play') : t('play_game');
  return (
    <article className={`game-tile${compact ? ' game-tile--compact' : ''}${demoMode ? ' is-disabled' : ''}`} data-testid={`game-tile-${game.game_code}`}>
      <button type="button" className="game-tile__art" onClick={() => onPlay(game)} disabled={demoMode} aria-label={`${label}: ${name}`} tabIndex={-1}>
        <img src={game.icon_light} alt="" loading="lazy" draggable={false} />
      </button>
      {game.tags?.length > 0 && (
        <span className="game-tile__tags">
          {game.tags.map((tag) => (
            <em key={tag} className={`game-tag game-tag--${tag}`}>
              {t(`tag_${tag}`, { defaultValue: tag })}
            </em>
          ))}
        </span>
      )}
      {token && <FavoriteButton game={game} />}
      <div className="game-tile__body">
        <span className="game-tile__name" title={name}>
          {name}
        </span>
        <button
          type="button"
          className="btn btn--gold btn--sm game-tile__play"
          onClick={() => onPlay(game)}
          disabled={demoMode}
          title={demoMode ? t('demo_mode_play_disabled') : undefined}
          data-testid={`game-play-${game.game_code}`}
        >
          {label}
        </button>
      </div>
    </article>
  );
}
