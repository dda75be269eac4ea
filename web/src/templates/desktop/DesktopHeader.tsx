import { useTranslation } from 'react-i18next';
import { AuthButtons } from '@/features/auth';
import { BulletinHistoryButton } from '@/features/bulletins';
import { LanguageSelector } from '@/features/i18n';
import { LetterBell } from '@/features/letters';
import { GameTypeNav } from '@/features/lobby';
import { SiteLogo } from '@/features/site';
import { useEnvConfig, useSiteCurrency } from '@/site';

export function DesktopHeader() {
  const { t } = useTranslation();
  const env = useEnvConfig();
  const currency = useSiteCurrency();
  return (
    <header className="d-header" data-testid="site-header">
      <div className="container d-header__main">
        <SiteLogo type="desktop" />
        <div className="d-header__tools">
          <span className="d-header__currency" title={t('currency')}>
            {currency.symbol} {currency.code}
          </span>
          <BulletinHistoryButton withLabel />
          <LanguageSelector languages={env.languages} />
          <LetterBell />
          <AuthButtons demoMode={env.demo_mode} />
        </div>
      </div>
      <div className="d-header__nav">
        <div className="container">
          <GameTypeNav />
        </div>
      </div>
    </header>
  );
}
