import type { ReactNode } from 'react';
import type { LobbySelection } from '@/api';
import { LobbyGames } from '@/features/games';

/** The games of each lobby tab, around the lobby's own panel (both templates). */
export const renderLobbyGames = (selection: LobbySelection, panel: ReactNode) => (
  <LobbyGames key={selection.tab === 'type' ? `type-${selection.gtId}` : selection.tab} selection={selection}>
    {panel}
  </LobbyGames>
);
