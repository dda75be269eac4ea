import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { local } from '@/lib/storage';

/** How long the helper window may stay open before it says it is stuck (it closes at once when opened by a login). */
export const AUTH_CALLBACK_TIMEOUT_MS = 4000;

/** The message the helper window sends its opener (also kept in local storage as window-msg). */
export function callbackMessage(params: URLSearchParams): Record<string, unknown> {
  const token = params.get('tk') ?? params.get('token');
  const id = params.get('member_id');
  const account = params.get('member_account');
  const currency = params.get('member_currency');
  if (token && id && account && currency) {
    return { msg: 'authLogin', data: { token, member_id: id, member_account: account, member_currency: currency } };
  }
  return { msg: 'authLoginClose', resCode: params.get('resCode') ?? params.get('code') ?? '', resMessage: params.get('resMessage') ?? params.get('message') ?? '' };
}

/**
 * /authCallback: the third-party login lands here in a named helper window,
 * which hands the result to its opener (same origin only) and closes at once.
 * Opened any other way the browser refuses to close it: after a few seconds
 * it says so and offers the way home instead of waiting forever.
 */
export default function AuthCallback() {
  const { t } = useTranslation();
  const [stuck, setStuck] = useState(false);
  useEffect(() => {
    const message = callbackMessage(new URLSearchParams(window.location.search));
    window.history.replaceState(window.history.state, '', window.location.pathname);
    try {
      window.opener?.postMessage(message, window.location.origin);
    } catch {
      /* no opener */
    }
    local.set('window-msg', JSON.stringify(message));
    window.close();
    const timer = setTimeout(() => setStuck(true), AUTH_CALLBACK_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, []);
  if (stuck) {
    return (
      <section className="container helper-page" role="alert" data-testid="auth-callback-error">
        <p>{t('auth_callback_failed')}</p>
        <Link to="/" className="btn btn--gold btn--sm" data-testid="auth-callback-home">
          {t('back_home')}
        </Link>
      </section>
    );
  }
  return (
    <p className="container muted" style={{ padding: 24 }} data-testid="auth-callback">
      {t('auth_callback')}
    </p>
  );
}
