import './modals';

export { BannerCarousel } from './components/BannerCarousel';
export { AnnouncementMarquee } from './components/AnnouncementMarquee';
export { Jackpot } from './components/Jackpot';
export { GameLobby } from './components/GameLobby';
export { GameTypeNav } from './components/GameTypeNav';
