import { AuthButtons } from '@/features/auth';
import { LanguageSelector } from '@/features/i18n';
import { SiteLogo, useEnvConfig } from '@/features/site';

export function MobileHeader() {
  const env = useEnvConfig();
  return (
    <header className="m-header" data-testid="site-header">
      <SiteLogo type="mobile" />
      <div className="m-header__tools">
        <LanguageSelector languages={env.languages} compact />
        <AuthButtons demoMode={env.demo_mode} compact />
      </div>
    </header>
  );
}
