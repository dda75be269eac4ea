import type { ReactNode } from 'react';
import { BulletinHistoryButton, BulletinPopup } from '@/features/bulletins';
import { RedEnvelope } from '@/features/red-envelope';
import { SignIn } from '@/features/signin';
import { AnnouncementMarquee, BannerCarousel, GameLobby, Jackpot } from '@/features/lobby';
import { SportQuickBet } from '@/features/pages';
import { SeoContent } from '@/features/site';
import { useMobileVariant } from './useMobileVariant';
import type { HomeSection } from './variants';
import { renderLobbyGames } from '../lobby-games';
import '../home.css';

export function MobileHome() {
  const variant = useMobileVariant();
  const sections: Record<HomeSection, ReactNode> = {
    carousel: <BannerCarousel />,
    marquee: <AnnouncementMarquee trailing={<BulletinHistoryButton />} />,
    jackpot: <Jackpot compact />,
    game_types: <GameLobby layout={variant.cards} renderGames={renderLobbyGames} />,
  };
  return (
    <div className="home home--mobile">
      <div className="home__stack home__stack--mobile">
        {variant.sections.map((s) => (
          <div key={s} className={`home__section home__section--${s}`} data-section={s}>
            {sections[s]}
          </div>
        ))}
        <SportQuickBet />
      </div>
      <SeoContent />
      <BulletinPopup />
      <RedEnvelope />
      <SignIn />
    </div>
  );
}
