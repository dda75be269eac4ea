import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { Round, SessionInfo } from './api';
import { formatDateTime, SITE_TIME_ZONE } from '@/lib/format';
import { closeGame } from './close';
import { currentLang, tx } from './i18n';
import { formatMinor, formatPercent, formatSigned, symbolOf } from './money';
import { sessionIdFromUrl, type GameSession } from './useGameSession';
import { FairBar, verifyHref } from './fair';

const Icon = ({ d }: { d: string }) => (
  <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
    <path d={d} />
  </svg>
);
const BACK = 'M15 5l-7 7 7 7';
const HISTORY = 'M3 12a9 9 0 1 0 3-6.7L3 8M3 3v5h5M12 7v5l3 2';
const INFO = 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 11v6M12 7.5v.5';
const HOME = 'M3.5 11 12 4l8.5 7M6 9.5V20h12V9.5';

/** Every game's rules end with their plain-text lines (the footer of the rules panel). */
export interface RulesWithLines {
  rules: string[];
}

export interface GameShellProps<R extends RulesWithLines, C, O> {
  title: string;
  kind: 'slot' | 'baccarat' | 'keno';
  session: GameSession<R, C, O>;
  /** headline return (the slot's, the banker bet's, the best keno table's) */
  rtpText: (info: SessionInfo<R>) => string;
  limitsText: (info: SessionInfo<R>) => string;
  /** the game's paytable, shown before play and on demand (the rule lines follow it) */
  rules: (info: SessionInfo<R>) => ReactNode;
  choicesText: (round: Round<C, O>, info: SessionInfo<R>) => string;
  outcomeText: (round: Round<C, O>, info: SessionInfo<R>) => string;
  children: (info: SessionInfo<R>) => ReactNode;
}

function Money({ amount, info, testId }: { amount: number; info: SessionInfo<unknown>; testId?: string }) {
  return (
    <span className="money" data-testid={testId}>
      <span className="money__sym">{symbolOf(info.currency)}</span>
      {formatMinor(amount, info.exponent)}
    </span>
  );
}

export { Money };

/** A titled table of the rules panel (paytables): header cells, then rows of cells. */
export function GameTable({ title, head, rows, className, testId }: { title?: string; head: ReactNode[]; rows: { key: string | number; cells: ReactNode[] }[]; className?: string; testId?: string }) {
  return (
    <>
      {title && <h3>{title}</h3>}
      <table className={`gp-table${className ? ` ${className}` : ''}`} data-testid={testId}>
        <thead>
          <tr>
            {head.map((h, i) => (
              <th key={i}>{h}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              {r.cells.map((c, i) => (
                <td key={i}>{c}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

function Overlay({ children, label, onClose, testId }: { children: ReactNode; label: string; onClose?: () => void; testId: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
    if (!onClose) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="gp-overlay" onMouseDown={(e) => e.target === e.currentTarget && onClose?.()}>
      <div ref={ref} className="gp-sheet" role="dialog" aria-modal="true" aria-label={label} tabIndex={-1} data-testid={testId}>
        {children}
      </div>
    </div>
  );
}

function HistoryPanel<R extends RulesWithLines, C, O>({ props, info, onClose }: { props: GameShellProps<R, C, O>; info: SessionInfo<R>; onClose: () => void }) {
  const { session } = props;
  const lang = currentLang();
  useEffect(() => {
    // fresh from the server once per opening
    void session.refreshHistory();
  }, []);
  return (
    <Overlay label={tx('history_title')} onClose={onClose} testId="history-panel">
      <header className="gp-sheet__head">
        <h2>{tx('history_title')}</h2>
        <button type="button" className="gp-icon-btn" onClick={onClose} aria-label={tx('close')} data-testid="history-close">
          <Icon d="M6 6l12 12M18 6L6 18" />
        </button>
      </header>
      <FairBar session={sessionIdFromUrl() ?? ''} onRotated={() => void session.refreshHistory()} />
      {session.history.length === 0 ? (
        <p className="gp-muted">{tx('no_rounds')}</p>
      ) : (
        <div className="gp-history" role="table" aria-label={tx('history_title')}>
          <div className="gp-history__row gp-history__row--head" role="row">
            {(['time', 'bet', 'win', 'balance_before', 'balance_after', 'choices', 'outcome', 'version'] as const).map((k) => (
              <span key={k} role="columnheader">
                {tx(k)}
              </span>
            ))}
          </div>
          {session.history.map((r) => (
            <div key={r.id} className={`gp-history__row${r.win > 0 ? ' is-win' : ''}`} role="row" data-testid="history-row">
              <span role="cell" data-label={tx('time')}>
                <time dateTime={r.created_at}>{formatDateTime(r.created_at, lang, SITE_TIME_ZONE, 'clock')}</time>
                <small className="gp-muted"> {tx('round_n', { id: r.id })}</small>
              </span>
              <span role="cell" data-label={tx('bet')} data-testid="history-bet">
                {formatMinor(r.stake, info.exponent)}
              </span>
              <span role="cell" data-label={tx('win')} className="gp-history__win" data-testid="history-win">
                {formatMinor(r.win, info.exponent)}
              </span>
              <span role="cell" data-label={tx('balance_before')}>
                {formatMinor(r.balance_before, info.exponent)}
              </span>
              <span role="cell" data-label={tx('balance_after')} data-testid="history-after">
                {formatMinor(r.balance_after, info.exponent)}
              </span>
              <span role="cell" data-label={tx('choices')}>
                {props.choicesText(r, info)}
              </span>
              <span role="cell" data-label={tx('outcome')}>
                {props.outcomeText(r, info)}
              </span>
              <span role="cell" data-label={tx('version')} className="gp-mono">
                {r.game_version}
                {r.fair && <small className="gp-muted"> #{r.fair.nonce}</small>}{' '}
                {verifyHref(info.kind, r) ? (
                  <a href={verifyHref(info.kind, r)!} target="_blank" rel="noopener" data-testid="history-verify">
                    {tx('fair_verify')}
                  </a>
                ) : (
                  r.fair && <small className="gp-muted">{tx('fair_pending')}</small>
                )}
              </span>
            </div>
          ))}
        </div>
      )}
    </Overlay>
  );
}

function RulesPanel<R extends RulesWithLines, C, O>({ props, info, intro, onClose }: { props: GameShellProps<R, C, O>; info: SessionInfo<R>; intro: boolean; onClose: () => void }) {
  return (
    <Overlay label={tx('rules')} onClose={intro ? undefined : onClose} testId="rules-panel">
      <header className="gp-sheet__head">
        <h2>
          {props.title} · {tx('rules')}
        </h2>
        {!intro && (
          <button type="button" className="gp-icon-btn" onClick={onClose} aria-label={tx('close')} data-testid="rules-close">
            <Icon d="M6 6l12 12M18 6L6 18" />
          </button>
        )}
      </header>
      <div className="gp-rtp" data-testid="rules-rtp">
        <span className="gp-rtp__label">{tx('rtp_long')}</span>
        <strong>{props.rtpText(info)}</strong>
      </div>
      {intro && <p className="gp-muted">{tx('rules_intro')}</p>}
      <dl className="gp-facts">
        <div>
          <dt>{tx('balance')}</dt>
          <dd>
            <Money amount={props.session.balance} info={info} /> <span className="gp-badge">{tx(info.demo ? 'play_money' : 'real_money')}</span>
          </dd>
        </div>
        <div>
          <dt>{tx('limits')}</dt>
          <dd data-testid="rules-limits">{props.limitsText(info)}</dd>
        </div>
        <div>
          <dt>{tx('version')}</dt>
          <dd className="gp-mono">{info.version}</dd>
        </div>
      </dl>
      <FairBar session={sessionIdFromUrl() ?? ''} onRotated={() => void props.session.refreshHistory()} />
      <div className="gp-rules">
        {props.rules(info)}
        <h3>{tx('rules')}</h3>
        <ul>
          {info.rules.rules.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
      <footer className="gp-sheet__foot">
        <button type="button" className="gp-btn gp-btn--gold" onClick={onClose} data-testid="rules-start" autoFocus>
          {intro ? tx('start_playing') : tx('close')}
        </button>
      </footer>
    </Overlay>
  );
}

/** The reality check: how long the member played and where they stand; no round until acknowledged. */
function RealityPanel<R extends RulesWithLines, C, O>({ props, info }: { props: GameShellProps<R, C, O>; info: SessionInfo<R> }) {
  const s = props.session;
  const r = s.reality!;
  const [busy, setBusy] = useState(false);
  const net = Math.round(r.net * 10 ** info.exponent);
  return (
    <Overlay label={tx('reality_title')} testId="reality-check">
      <header className="gp-sheet__head">
        <h2>{tx('reality_title')}</h2>
      </header>
      <p data-testid="reality-elapsed">{tx('reality_elapsed', { minutes: String(r.elapsed_minutes) })}</p>
      <p data-testid="reality-net">
        {tx('reality_net')} <strong className="gp-mono">{formatSigned(net, info.exponent)}</strong> {info.currency}
      </p>
      <p className="gp-muted">
        <a href="/user?page=Transaction" target="_blank" rel="noopener" data-testid="reality-history">
          {tx('reality_history')}
        </a>
        {' · '}
        <a href="/user?page=Limits" target="_blank" rel="noopener" data-testid="reality-limits">
          {tx('reality_limits')}
        </a>
      </p>
      <footer className="gp-sheet__foot">
        <button
          type="button"
          className="gp-btn gp-btn--gold"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            void s.ackReality().finally(() => setBusy(false));
          }}
          data-testid="reality-ack"
          autoFocus
        >
          {tx('reality_continue')}
        </button>
      </footer>
    </Overlay>
  );
}

/** Header (close, balance, RTP, history), the rules before play, and the game. */
export function GameShell<R extends RulesWithLines, C, O>(props: GameShellProps<R, C, O>) {
  const { session: s, title, kind } = props;
  const [rules, setRules] = useState<'intro' | 'open' | 'closed'>('intro');
  const [historyOpen, setHistoryOpen] = useState(false);

  useEffect(() => {
    document.title = title;
  }, [title]);

  if (s.status === 'loading') {
    return (
      <div className={`gp gp--${kind} gp--center`} data-testid="game-loading">
        <div className="spinner spinner--lg" aria-hidden="true" />
        <p>{tx('loading')}</p>
      </div>
    );
  }
  if (s.status === 'fatal' || !s.info) {
    return (
      <div className={`gp gp--${kind} gp--center`}>
        <div className="gp-card" role="alert" data-testid="game-fatal">
          <h1>{title}</h1>
          <p>{s.fatal}</p>
          <div className="gp-row">
            <button type="button" className="gp-btn gp-btn--gold" onClick={() => closeGame()} data-testid="game-close">
              {tx('close_game')}
            </button>
            <a className="gp-btn gp-btn--ghost" href="/" target="_top" data-testid="game-lobby-link">
              {tx('lobby')}
            </a>
          </div>
        </div>
      </div>
    );
  }
  const info = s.info;
  return (
    <div className={`gp gp--${kind}`} data-testid={`game-${kind}`}>
      <header className="gp-top">
        <button type="button" className="gp-close" onClick={() => closeGame()} aria-label={tx('close_game')} title={tx('close_game')} data-testid="game-close">
          <Icon d={BACK} />
          <span className="gp-hide-sm">{tx('close_game')}</span>
        </button>
        <a className="gp-icon-btn" href="/" target="_top" aria-label={tx('lobby')} title={tx('lobby')} data-testid="game-lobby-link">
          <Icon d={HOME} />
        </a>
        <div className="gp-title">
          <h1>{title}</h1>
          {s.info && (
            <span className="gp-badge" data-testid="game-money-kind">
              {tx(s.info.demo ? 'play_money' : 'real_money')}
            </span>
          )}
        </div>
        <div className="gp-balance">
          <span className="gp-balance__label">{tx('balance')}</span>
          <Money amount={s.balance} info={info} testId="game-balance" />
        </div>
        <button type="button" className="gp-chip-btn" onClick={() => setRules('open')} data-testid="rules-open" title={tx('rules')}>
          <Icon d={INFO} />
          <span>
            {tx('rtp')} {props.rtpText(info)}
          </span>
        </button>
        <button type="button" className="gp-chip-btn" onClick={() => setHistoryOpen(true)} data-testid="history-open" title={tx('history')}>
          <Icon d={HISTORY} />
          <span className="gp-hide-sm">{tx('history')}</span>
        </button>
      </header>
      {info.play_disabled && (
        <div className="gp-notice" role="status" data-testid="game-play-disabled">
          <span>{tx('play_disabled')}</span>
        </div>
      )}
      {s.notice && (
        <div className="gp-notice" role="alert" data-testid="game-notice">
          <span>{s.notice}</span>
          <button type="button" className="gp-icon-btn" onClick={s.clearNotice} aria-label={tx('close')}>
            <Icon d="M6 6l12 12M18 6L6 18" />
          </button>
        </div>
      )}
      <main className="gp-main" aria-hidden={rules === 'intro' || undefined}>
        {props.children(info)}
      </main>
      {rules !== 'closed' && <RulesPanel props={props} info={info} intro={rules === 'intro'} onClose={() => setRules('closed')} />}
      {historyOpen && <HistoryPanel props={props} info={info} onClose={() => setHistoryOpen(false)} />}
      {s.reality && <RealityPanel props={props} info={info} />}
    </div>
  );
}

export { formatPercent };
