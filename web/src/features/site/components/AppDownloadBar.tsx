import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon, DownloadIcon } from '@/components/ui/icons';
import { browser } from '@/lib/browser';
import { isIOS, isStandalone } from '@/lib/device';
import { local, LS, session } from '@/lib/storage';
import { logoQuery } from '../api/site';
import { useEnvConfig } from '@/site';
import './hints.css';

const CLOSED_KEY = 'app_bar_closed';

export function AppDownloadBar() {
  const { t } = useTranslation();
  const env = useEnvConfig();
  const { data: logos } = useQuery(logoQuery());
  // Closed for the tab's life only: the next visit may well want the app.
  const [closed, setClosed] = useState(() => session.get(CLOSED_KEY) === '1');
  const url = isIOS() ? env.app_download?.ios_url : env.app_download?.android_url;
  if (closed || !url || local.get(LS.pwa) === '1' || isStandalone()) return null;
  const icon = logos?.find((l) => l.type === 'app')?.photo_path;
  return (
    <div className="app-bar" data-testid="app-download-bar">
      <button
        type="button"
        className="app-bar__close"
        aria-label={t('close')}
        onClick={() => {
          session.set(CLOSED_KEY, '1');
          setClosed(true);
        }}
      >
        <CloseIcon width={16} height={16} />
      </button>
      {icon && <img className="app-bar__icon" src={icon} alt="" />}
      <div className="app-bar__text">
        <strong>{t('app_download_title', { name: env.site_name })}</strong>
        <span>{t('app_download_desc')}</span>
      </div>
      <button type="button" className="btn btn--gold btn--sm" onClick={() => browser.assign(url)}>
        <DownloadIcon width={16} height={16} />
        {t('download')}
      </button>
    </div>
  );
}
