import type { ReactNode } from 'react';
import { BulletinHistoryButton, BulletinPopup } from '@/features/bulletins';
import { LobbyGames } from '@/features/games';
import { AnnouncementMarquee, BannerCarousel, GameLobby, Jackpot, type LobbySelection } from '@/features/lobby';
import { SeoContent, useEnvConfig, useSiteCurrency } from '@/features/site';
import { useMobileVariant } from './useMobileVariant';
import type { HomeSection } from './variants';
import '../home.css';

/** The games of each lobby tab, around the lobby's own panel. */
const renderGames = (selection: LobbySelection, panel: ReactNode) => (
  <LobbyGames key={selection.tab === 'type' ? `type-${selection.gtId}` : selection.tab} selection={selection}>
    {panel}
  </LobbyGames>
);

export function MobileHome() {
  const env = useEnvConfig();
  const currency = useSiteCurrency();
  const variant = useMobileVariant();
  const sections: Record<HomeSection, ReactNode> = {
    carousel: <BannerCarousel demoMode={env.demo_mode} />,
    marquee: <AnnouncementMarquee trailing={<BulletinHistoryButton />} />,
    jackpot: <Jackpot currency={currency} compact />,
    game_types: <GameLobby currency={currency.code} template={variant.name} demoMode={env.demo_mode} layout={variant.cards} renderGames={renderGames} />,
  };
  return (
    <div className="home home--mobile">
      <div className="home__stack home__stack--mobile">
        {variant.sections.map((s) => (
          <div key={s} className={`home__section home__section--${s}`} data-section={s}>
            {sections[s]}
          </div>
        ))}
      </div>
      <SeoContent />
      <BulletinPopup />
    </div>
  );
}
