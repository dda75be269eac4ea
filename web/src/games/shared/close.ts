// Leaving a game page (spec "Cross-window messages"): the page tells the
// lobby that opened it with `quickGame`, addressed to our own origin only, and
// the lobby closes the window or the modal. Without a lobby it goes home.

export const QUICK_GAME = 'quickGame';

export interface GameWindowHost {
  opener: Window | null;
  parent: Window;
  self: Window;
  origin: string;
  close(): void;
  home(): void;
}

function defaultHost(): GameWindowHost {
  return {
    opener: window.opener as Window | null,
    parent: window.parent,
    self: window,
    origin: window.location.origin,
    close: () => window.close(),
    home: () => window.location.assign('/'),
  };
}

/** Returns where the message went: 'opener' (a window), 'parent' (a modal iframe) or 'home'. */
export function closeGame(host: GameWindowHost = defaultHost(), fallbackMs = 400): 'opener' | 'parent' | 'home' {
  const msg = { msg: QUICK_GAME };
  let opener: Window | null = null;
  try {
    opener = host.opener && !host.opener.closed ? host.opener : null;
  } catch {
    opener = null;
  }
  if (opener) {
    opener.postMessage(msg, host.origin);
    // The lobby closes us; if it has gone elsewhere, close ourselves, and if
    // the browser refuses (not script-opened), go to the lobby.
    setTimeout(() => {
      host.close();
      setTimeout(() => host.home(), fallbackMs);
    }, fallbackMs);
    return 'opener';
  }
  if (host.parent && host.parent !== host.self) {
    host.parent.postMessage(msg, host.origin);
    return 'parent';
  }
  host.home();
  return 'home';
}
