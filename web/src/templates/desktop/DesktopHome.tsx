import { BulletinPopup } from '@/features/bulletins';
import { RedEnvelope } from '@/features/red-envelope';
import { SignIn } from '@/features/signin';
import { AnnouncementMarquee, BannerCarousel, GameLobby, Jackpot } from '@/features/lobby';
import { SportQuickBet } from '@/features/pages';
import { SeoContent } from '@/features/site';
import { renderLobbyGames } from '../lobby-games';
import '../home.css';

export function DesktopHome() {
  return (
    <div className="home home--desktop">
      <div className="container home__stack">
        <BannerCarousel />
        <AnnouncementMarquee />
        <Jackpot />
        <SportQuickBet />
        <GameLobby renderGames={renderLobbyGames} />
      </div>
      <SeoContent />
      <BulletinPopup />
      <RedEnvelope />
      <SignIn />
    </div>
  );
}
