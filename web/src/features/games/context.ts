import { createContext, useContext } from 'react';

/** What the games feature needs from the site, handed down by the app (features do not import each other). */
export interface GamesConfig {
  currency: string;
  demoMode: boolean;
  gameRoomMode: boolean;
  /** the template name sent with the catalogue calls (desktop template or mobile variant) */
  template: string;
  timeZone: string;
  customerServiceUrl?: string;
}

export const DEFAULT_GAMES_CONFIG: GamesConfig = {
  currency: 'USD',
  demoMode: false,
  gameRoomMode: false,
  template: 'default',
  timeZone: 'America/Caracas',
};

export const GamesConfigContext = createContext<GamesConfig>(DEFAULT_GAMES_CONFIG);

export function useGamesConfig(): GamesConfig {
  return useContext(GamesConfigContext);
}
