import { BulletinPopup } from '@/features/bulletins';
import { AnnouncementMarquee, BannerCarousel, GameLobby, Jackpot } from '@/features/lobby';
import { SeoContent, useEnvConfig, useSiteCurrency } from '@/features/site';
import '../home.css';

export function DesktopHome() {
  const env = useEnvConfig();
  const currency = useSiteCurrency();
  return (
    <div className="home home--desktop">
      <div className="container home__stack">
        <BannerCarousel demoMode={env.demo_mode} />
        <AnnouncementMarquee />
        <Jackpot currency={currency} />
        <GameLobby currency={currency.code} template={env.desktop_template} demoMode={env.demo_mode} />
      </div>
      <SeoContent />
      <BulletinPopup />
    </div>
  );
}
