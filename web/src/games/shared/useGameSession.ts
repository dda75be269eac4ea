import { useCallback, useEffect, useRef, useState } from 'react';
import { CODES, gameApi, GameApiError, type RealityCheck, type Round, type SessionInfo } from './api';
import { tx } from './i18n';

export type SessionStatus = 'loading' | 'ready' | 'fatal';

/** The player-facing text of a failed call. */
export function errorText(e: unknown): string {
  if (e instanceof GameApiError) {
    if (e.kind === 'network') return tx('network');
    if (e.kind === 'timeout') return tx('network');
    switch (e.code) {
      case CODES.playDisabled:
        return tx('play_disabled');
      case CODES.sessionNotFound:
        return tx('session_ended');
      case CODES.insufficient:
        return tx('insufficient');
      case CODES.badBet:
      case CODES.badPicks:
        return tx('bad_bet');
      case CODES.tooMany:
        return tx('too_many');
    }
    return e.message || tx('error_generic');
  }
  return tx('error_generic');
}

export interface GameSession<R, C, O> {
  status: SessionStatus;
  info: SessionInfo<R> | undefined;
  /** what the player sees: the stake leaves at once, the win lands after the animation */
  balance: number;
  history: Round<C, O>[];
  fatal: string | undefined;
  notice: string | undefined;
  /** a reality check waiting for the player's acknowledgement (no round until then) */
  reality: RealityCheck | undefined;
  /** acknowledges the reality check; the notice says why when it failed */
  ackReality(): Promise<void>;
  busy: boolean;
  clearNotice(): void;
  showNotice(text: string): void;
  /** plays one round; undefined when it failed (the notice says why) */
  play(choices: C): Promise<Round<C, O> | undefined>;
  /** the animation is over: show the final balance and record the round */
  settle(round: Round<C, O>): void;
  refreshHistory(): Promise<void>;
}

export function sessionIdFromUrl(search = window.location.search): string | null {
  const id = new URLSearchParams(search).get('session');
  return id && id.length <= 128 ? id : null;
}

export function useGameSession<R, C, O>(sessionId: string | null): GameSession<R, C, O> {
  const [status, setStatus] = useState<SessionStatus>('loading');
  const [info, setInfo] = useState<SessionInfo<R>>();
  const [balance, setBalance] = useState(0);
  const [history, setHistory] = useState<Round<C, O>[]>([]);
  const [fatal, setFatal] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [reality, setReality] = useState<RealityCheck>();
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);

  const fail = useCallback((e: unknown) => {
    if (e instanceof GameApiError && e.code === CODES.sessionNotFound) {
      setFatal(tx('session_ended'));
      setStatus('fatal');
    } else if (e instanceof GameApiError && e.code === CODES.realityCheck && e.data) {
      setReality(e.data as RealityCheck);
    } else {
      setNotice(errorText(e));
    }
  }, []);

  const ackReality = useCallback(async () => {
    if (!sessionId) return;
    try {
      await gameApi.ackReality(sessionId);
      setReality(undefined);
    } catch (e) {
      setReality(undefined);
      fail(e);
    }
  }, [sessionId, fail]);

  useEffect(() => {
    if (!sessionId) {
      setFatal(tx('no_session'));
      setStatus('fatal');
      return;
    }
    let live = true;
    gameApi.session<R>(sessionId).then(
      (s) => {
        if (!live) return;
        setInfo(s);
        setBalance(s.balance);
        setStatus('ready');
        gameApi.history<C, O>(sessionId).then((list) => live && setHistory(list), () => {});
      },
      (e: unknown) => {
        if (!live) return;
        if (e instanceof GameApiError && e.code === CODES.sessionNotFound) setFatal(tx('session_ended'));
        else setFatal(errorText(e));
        setStatus('fatal');
      },
    );
    return () => {
      live = false;
    };
  }, [sessionId]);

  const play = useCallback(
    async (choices: C) => {
      if (!sessionId || busyRef.current) return undefined;
      busyRef.current = true;
      setBusy(true);
      setNotice(undefined);
      try {
        const round = await gameApi.play<C, O>(sessionId, choices);
        setBalance(round.balance_before - round.stake);
        return round;
      } catch (e) {
        fail(e);
        return undefined;
      } finally {
        busyRef.current = false;
        setBusy(false);
      }
    },
    [sessionId, fail],
  );

  const settle = useCallback((round: Round<C, O>) => {
    setBalance(round.balance_after);
    setHistory((h) => [round, ...h.filter((x) => x.id !== round.id)].slice(0, 100));
  }, []);

  const refreshHistory = useCallback(async () => {
    if (!sessionId) return;
    try {
      setHistory(await gameApi.history<C, O>(sessionId));
    } catch (e) {
      fail(e);
    }
  }, [sessionId, fail]);

  return {
    status,
    info,
    balance,
    history,
    fatal,
    notice,
    reality,
    ackReality,
    busy,
    clearNotice: () => setNotice(undefined),
    showNotice: setNotice,
    play,
    settle,
    refreshHistory,
  };
}
