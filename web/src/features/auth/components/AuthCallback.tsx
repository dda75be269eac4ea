import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { local } from '@/lib/storage';

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
 */
export default function AuthCallback() {
  const { t } = useTranslation();
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
  }, []);
  return (
    <p className="container muted" style={{ padding: 24 }} data-testid="auth-callback">
      {t('auth_callback')}
    </p>
  );
}
