// Public surface of the games feature, for app/ and templates/. The pages
// (halls, slot list, game room, /play, /loading, /close) are lazy routes
// imported by the router from ./pages.
export { GamesProvider } from './components/GameLaunchHost';
export { LobbyGames } from './components/LobbyGames';
export { DEFAULT_GAMES_CONFIG, type GamesConfig } from './context';
export type { LobbySelection } from './types';
export { platformDescription } from './platform';
export { gameName, searchGames } from './search';
export { quitGame, useLaunchState } from './launch/store';
