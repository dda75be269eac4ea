import './lobby.css';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/Skeleton';
import { Tabs, type TabItem } from '@/components/ui/Tabs';
import { LockIcon } from '@/components/ui/icons';
import { useSession } from '@/lib/session';
import { openModal } from '@/lib/modals';
import { gameTypeHref } from '../links';
import { useGameTypes, type GameType, type LobbySelection } from '@/api';
import { useEnvConfig } from '@/site';

export const LOBBY_TABS = ['all_game', 'my_favorite', 'last_play'] as const;
type LobbyTab = (typeof LOBBY_TABS)[number];
type TabId = LobbyTab | `gt-${number}`;

const TAB_GLYPHS: Record<LobbyTab, ReactNode> = {
  all_game: (
    <svg viewBox="0 0 24 24" width="34" height="34" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
      <rect x="3" y="3" width="7.5" height="7.5" rx="2" />
      <rect x="13.5" y="3" width="7.5" height="7.5" rx="2" />
      <rect x="3" y="13.5" width="7.5" height="7.5" rx="2" />
      <rect x="13.5" y="13.5" width="7.5" height="7.5" rx="2" />
    </svg>
  ),
  my_favorite: (
    <svg viewBox="0 0 24 24" width="34" height="34" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
      <path d="M12 20s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7a4.3 4.3 0 0 1 7.5 2.8C19.5 15.4 12 20 12 20z" />
    </svg>
  ),
  last_play: (
    <svg viewBox="0 0 24 24" width="34" height="34" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 7.5V12l3 2" />
    </svg>
  ),
};

function GameTypeCard({ gt, featured }: { gt: GameType; featured?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link to={gameTypeHref(gt.gt_id)} className={`gt-card gt-card--${gt.gt_id}${featured ? ' gt-card--featured' : ''}`} data-testid={`game-type-card-${gt.gt_id}`}>
      <img className="gt-card__icon" src={gt.gt_icon_active || gt.gt_icon} alt="" />
      <span className="gt-card__name">{t(gt.gt_key, { defaultValue: gt.gt_name })}</span>
      <span className="gt-card__meta">
        {gt.gp_list.length > 0 ? t('providers_count', { count: gt.gp_list.length }) : t('hall_empty_badge')}
      </span>
      <span className="gt-card__logos" aria-hidden="true">
        {gt.gp_list.slice(0, 3).map((p) => (
          <img key={p.gp_id} src={p.gp_logo} alt="" />
        ))}
      </span>
      <span className="gt-card__cta">{t('enter_hall')}</span>
    </Link>
  );
}

function ProviderGrid({ gt }: { gt: GameType }) {
  const { t } = useTranslation();
  return (
    <div className="gp-grid">
      {gt.gp_list.map((p) => (
        <Link key={p.gp_id} to={gameTypeHref(gt.gt_id, p.gp_id, p.house)} className="gp-card" data-testid={`provider-card-${p.gp_id}`}>
          <img src={p.gp_logo} alt="" />
          <span className="gp-card__name">{p.gp_gt_name || p.gp_name}</span>
          <span className="gp-card__meta">
            {p.maintenance ? <em className="badge badge--warn">{t('maintenance')}</em> : t('games_count', { count: p.game_count })}
          </span>
        </Link>
      ))}
    </div>
  );
}

function LoginNeeded({ demoMode }: { demoMode: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="lobby-hint" data-testid="login-needed">
      <LockIcon width={32} height={32} />
      <p>{t('login_needed_hint')}</p>
      <button type="button" className="btn btn--gold" disabled={demoMode} onClick={() => openModal('login')}>
        {t('login')}
      </button>
    </div>
  );
}

interface GameLobbyProps {
  layout?: 'grid' | 'rows';
  /**
   * The games of a tab (search, popular, favourites, recently played, a
   * type's games), given the lobby's own panel to place among them.
   */
  renderGames?: (selection: LobbySelection, panel: ReactNode) => ReactNode;
}

export function GameLobby({ layout = 'grid', renderGames }: GameLobbyProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<TabId>('all_game');
  const { data: types, isPending } = useGameTypes();
  const { demo_mode: demoMode } = useEnvConfig();
  const { token } = useSession();

  const items: TabItem<TabId>[] = [
    ...LOBBY_TABS.map((id) => ({ id, label: t(id), icon: TAB_GLYPHS[id], testId: `lobby-tab-${id}` })),
    ...(types ?? []).map((gt) => ({
      id: `gt-${gt.gt_id}` as const,
      label: t(gt.gt_key, { defaultValue: gt.gt_name }),
      icon: <img src={tab === `gt-${gt.gt_id}` ? gt.gt_icon_active : gt.gt_icon} alt="" />,
      testId: `game-type-tab-${gt.gt_id}`,
    })),
  ];

  let panel: ReactNode;
  let selection: LobbySelection | null = { tab: 'all_game' };
  if (tab === 'my_favorite' || tab === 'last_play') {
    // Member lists: visitors get the login hint (the auth state is the stored token).
    selection = token ? { tab } : null;
    panel = token ? null : <LoginNeeded demoMode={demoMode} />;
  } else if (tab === 'all_game') {
    panel = isPending ? (
      <div className={`gt-grid gt-grid--${layout}`}>
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} height={150} />
        ))}
      </div>
    ) : (
      <div className={`gt-grid gt-grid--${layout}`}>
        {types?.map((gt) => (
          <GameTypeCard key={gt.gt_id} gt={gt} />
        ))}
      </div>
    );
  } else {
    const gt = types?.find((x) => `gt-${x.gt_id}` === tab);
    selection = gt ? { tab: 'type', gtId: gt.gt_id } : null;
    panel = gt ? (
      <div className="gt-detail">
        <GameTypeCard gt={gt} featured />
        <ProviderGrid gt={gt} />
      </div>
    ) : null;
  }

  if (selection && renderGames) panel = renderGames(selection, panel);
  else if (token && (tab === 'my_favorite' || tab === 'last_play')) panel = <p className="lobby-hint muted">{t('no_games_yet')}</p>;

  return (
    <section className="game-lobby" aria-label={t('game_lobby')}>
      <Tabs items={items} value={tab} onChange={setTab} label={t('game_lobby')} variant="icon" testId="game-type-tabs" />
      <div className="game-lobby__panel" role="tabpanel" data-testid="lobby-panel">
        {panel}
      </div>
    </section>
  );
}
