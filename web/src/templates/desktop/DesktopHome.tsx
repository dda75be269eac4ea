import type { ReactNode } from 'react';
import { BulletinPopup } from '@/features/bulletins';
import { LobbyGames } from '@/features/games';
import { AnnouncementMarquee, BannerCarousel, GameLobby, Jackpot, type LobbySelection } from '@/features/lobby';
import { SeoContent, useEnvConfig, useSiteCurrency } from '@/features/site';
import '../home.css';

/** The games of each lobby tab, around the lobby's own panel. */
const renderGames = (selection: LobbySelection, panel: ReactNode) => (
  <LobbyGames key={selection.tab === 'type' ? `type-${selection.gtId}` : selection.tab} selection={selection}>
    {panel}
  </LobbyGames>
);

export function DesktopHome() {
  const env = useEnvConfig();
  const currency = useSiteCurrency();
  return (
    <div className="home home--desktop">
      <div className="container home__stack">
        <BannerCarousel demoMode={env.demo_mode} />
        <AnnouncementMarquee />
        <Jackpot currency={currency} />
        <GameLobby currency={currency.code} template={env.desktop_template} demoMode={env.demo_mode} renderGames={renderGames} />
      </div>
      <SeoContent />
      <BulletinPopup />
    </div>
  );
}
