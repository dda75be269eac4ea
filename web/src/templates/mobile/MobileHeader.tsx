import { AuthButtons } from '@/features/auth';
import { LanguageSelector } from '@/features/i18n';
import { LetterBell } from '@/features/letters';
import { SiteLogo } from '@/features/site';
import { useEnvConfig } from '@/site';

export function MobileHeader() {
  const env = useEnvConfig();
  return (
    <header className="m-header" data-testid="site-header">
      <SiteLogo type="mobile" />
      <div className="m-header__tools">
        <LanguageSelector languages={env.languages} compact />
        <LetterBell />
        <AuthButtons demoMode={env.demo_mode} compact />
      </div>
    </header>
  );
}
