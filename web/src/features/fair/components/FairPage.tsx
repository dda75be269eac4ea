import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FAIR_GAMES, summary, type FairGame, type FairOutcome } from '../lib/games';
import { verify, type Verification } from '../lib/verify';
import './fair.css';

const isGame = (g: string | null): g is FairGame => FAIR_GAMES.includes(g as FairGame);

/**
 * /fair: recomputes an in-house round from its seeds and nonce in the
 * browser (Web Crypto), with no server call. The round history links here
 * with every field prefilled, plus the recorded result (expect) to compare.
 */
export function FairPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [game, setGame] = useState<FairGame>(isGame(params.get('game')) ? (params.get('game') as FairGame) : 'slot');
  const [server, setServer] = useState(params.get('server_seed') ?? '');
  const [client, setClient] = useState(params.get('client_seed') ?? '');
  const [nonce, setNonce] = useState(params.get('nonce') ?? '0');
  const [commit, setCommit] = useState(params.get('commitment') ?? '');
  const expect = params.get('expect') ?? '';
  const [error, setError] = useState('');
  const [result, setResult] = useState<Verification | null>(null);

  const run = async () => {
    setResult(null);
    if (!server.trim() || !client.trim()) return setError(t('fair_required'));
    if (!/^\d{1,19}$/.test(nonce.trim())) return setError(t('fair_bad_nonce'));
    setError('');
    setResult(await verify(game, server.trim(), client.trim(), BigInt(nonce.trim()), commit));
  };
  // A prefilled link (the round history's) verifies at once, on mount only:
  // later edits wait for the button.
  useEffect(() => {
    if (params.get('server_seed') && params.get('client_seed')) void run();
  }, []);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run();
  };

  return (
    <section className="fair" data-testid="fair-page">
      <h1>{t('fair_title')}</h1>
      <p className="fair__intro">{t('fair_intro')}</p>
      <form className="fair__form" onSubmit={submit} noValidate>
        <label>
          <span>{t('fair_game')}</span>
          <select value={game} onChange={(e) => setGame(e.target.value as FairGame)} data-testid="fair-game">
            {FAIR_GAMES.map((g) => (
              <option key={g} value={g}>
                {t(`fair_game_${g}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t('fair_server_seed')}</span>
          <input value={server} onChange={(e) => setServer(e.target.value)} data-testid="fair-server" autoComplete="off" spellCheck={false} />
        </label>
        <label>
          <span>{t('fair_client_seed')}</span>
          <input value={client} onChange={(e) => setClient(e.target.value)} data-testid="fair-client" autoComplete="off" spellCheck={false} />
        </label>
        <label>
          <span>{t('fair_nonce')}</span>
          <input value={nonce} onChange={(e) => setNonce(e.target.value)} inputMode="numeric" data-testid="fair-nonce" />
        </label>
        <label>
          <span>{t('fair_commitment')}</span>
          <input value={commit} onChange={(e) => setCommit(e.target.value)} data-testid="fair-commitment" autoComplete="off" spellCheck={false} />
        </label>
        {error && (
          <p className="fair__error" role="alert" data-testid="fair-error">
            {error}
          </p>
        )}
        <button type="submit" className="fair__go" data-testid="fair-verify">
          {t('fair_verify')}
        </button>
      </form>
      {result && (
        <div className="fair__result" data-testid="fair-result">
          <p className="fair__hash">
            {t('fair_seed_hash')}: <code>{result.hash}</code>
          </p>
          {result.matches !== undefined && (
            <p className={result.matches ? 'fair__ok' : 'fair__bad'} data-testid="fair-commit-check" data-ok={result.matches}>
              {result.matches ? t('fair_matches') : t('fair_mismatch')}
            </p>
          )}
          {expect && (
            <p className={summary(result.outcome) === expect ? 'fair__ok' : 'fair__bad'} data-testid="fair-outcome-check" data-ok={summary(result.outcome) === expect}>
              {summary(result.outcome) === expect ? t('fair_outcome_matches') : t('fair_outcome_differs')}
            </p>
          )}
          <Outcome o={result.outcome} />
        </div>
      )}
      <h2>{t('fair_how')}</h2>
      <p className="fair__how">{t('fair_how_text')}</p>
    </section>
  );
}

function Outcome({ o }: { o: FairOutcome }) {
  const { t } = useTranslation();
  switch (o.game) {
    case 'keno':
      return (
        <p data-testid="fair-outcome">
          {t('fair_drawn')}: {o.drawn.join(', ')}
        </p>
      );
    case 'baccarat':
      return (
        <div data-testid="fair-outcome">
          <p>
            {t('fair_player')}: {o.hand.player.join(' ')} ({o.hand.playerTotal}) · {t('fair_banker')}: {o.hand.banker.join(' ')} ({o.hand.bankerTotal})
          </p>
          <p>{t(`fair_winner_${o.hand.winner}`)}</p>
        </div>
      );
    case 'slot':
      return (
        <div data-testid="fair-outcome">
          <p>
            {t('fair_stops')}: {o.slot.base.stops.join(', ')}
          </p>
          {o.slot.free.length > 0 && (
            <p>
              {t('fair_free_spins')}: {o.slot.free.length}
            </p>
          )}
          <p>{t('fair_win_lines', { n: o.slot.win })}</p>
        </div>
      );
  }
}
