import { useTranslation } from 'react-i18next';
import { AuthButtons } from '@/features/auth';
import { BulletinHistoryButton } from '@/features/bulletins';
import { LanguageSelector } from '@/features/i18n';
import { GameTypeNav } from '@/features/lobby';
import { SiteLogo, useEnvConfig, useSiteCurrency } from '@/features/site';

export function DesktopHeader() {
  const { t } = useTranslation();
  const env = useEnvConfig();
  const currency = useSiteCurrency();
  return (
    <header className="d-header" data-testid="site-header">
      <div className="d-header__top">
        <div className="container d-header__top-row">
          <span className="d-header__welcome">{t('welcome_to', { name: env.site_name })}</span>
          <div className="d-header__tools">
            <span className="d-header__currency" title={t('currency')}>
              {currency.symbol} {currency.code}
            </span>
            <BulletinHistoryButton withLabel />
            <LanguageSelector languages={env.languages} />
          </div>
        </div>
      </div>
      <div className="container d-header__main">
        <SiteLogo type="desktop" />
        <GameTypeNav currency={currency.code} template={env.desktop_template} />
        <AuthButtons demoMode={env.demo_mode} />
      </div>
    </header>
  );
}
