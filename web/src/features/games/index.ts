// Public surface of the games feature, for app/ and templates/. The pages
// (halls, slot list, game room, /play, /loading, /close) are lazy routes
// imported by the router from ./pages.
export { GameLaunchHost } from './components/GameLaunchHost';
export { LobbyGames } from './components/LobbyGames';
export { RecallButton } from './components/RecallButton';
export { recallBalance } from './recall/recall';
