export { BannerCarousel } from './components/BannerCarousel';
export { AnnouncementMarquee } from './components/AnnouncementMarquee';
export { Jackpot } from './components/Jackpot';
export { GameLobby, type LobbySelection } from './components/GameLobby';
export { GameTypeNav } from './components/GameTypeNav';
export { padJackpot } from './jackpot';
export { bannerTarget, gameTypeHref } from './links';
export type { LobbyCurrency } from './types';
