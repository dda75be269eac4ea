import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/Skeleton';
import { useLanguage } from '@/lib/use-language';
import { platformDescription } from '../platform';
import { POPULAR, type GameType, type Provider, type ProviderParam } from '@/api';

/** A hall's title, icon and platform description (the names of its providers). */
export function HallHeader({ type, title, extra }: { type?: GameType; title?: string; extra?: ReactNode }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const names = (type?.gp_list ?? []).map((p) => p.gp_name);
  const heading = title ?? (type ? t(type.gt_key, { defaultValue: type.gt_name }) : '');
  if (!heading) return <Skeleton height={104} className="hall-head" />;
  return (
    <header className={`hall-head hall-head--${type?.gt_id ?? 0}`}>
      {type && <img className="hall-head__icon" src={type.gt_icon_active || type.gt_icon} alt="" />}
      <div className="hall-head__text">
        <h1 data-testid="page-title">{heading}</h1>
        {names.length > 0 && (
          <p className="hall-head__desc" data-testid="platform-description">
            <span className="hall-head__label">{t('platforms')}</span> {platformDescription(names, lang)}
          </p>
        )}
      </div>
      {extra}
    </header>
  );
}

interface ProviderTabsProps {
  providers: Provider[];
  value: ProviderParam;
  onChange: (gp: ProviderParam) => void;
  popular?: boolean;
  vertical?: boolean;
}

/** The providers of a hall as tabs (logo, hall name, games), with "Popular" first in the slot list. */
export function ProviderTabs({ providers, value, onChange, popular, vertical }: ProviderTabsProps) {
  const { t } = useTranslation();
  return (
    <div className={`provider-tabs${vertical ? ' provider-tabs--vertical' : ''}`} role="tablist" aria-label={t('providers')} data-testid="provider-tabs">
      {popular && (
        <button
          type="button"
          role="tab"
          aria-selected={value === POPULAR}
          className={`provider-tab provider-tab--popular${value === POPULAR ? ' is-active' : ''}`}
          onClick={() => onChange(POPULAR)}
          data-testid="provider-tab-Popular"
        >
          <span className="provider-tab__flame" aria-hidden="true">
            ★
          </span>
          <span className="provider-tab__name">{t('popular')}</span>
        </button>
      )}
      {providers.map((p) => (
        <button
          key={p.gp_id}
          type="button"
          role="tab"
          aria-selected={value === p.gp_id}
          className={`provider-tab${value === p.gp_id ? ' is-active' : ''}`}
          onClick={() => onChange(p.gp_id)}
          data-testid={`provider-tab-${p.gp_id}`}
        >
          <img src={p.gp_logo} alt="" />
          <span className="provider-tab__name">{p.gp_gt_name || p.gp_name}</span>
          <span className="provider-tab__meta">{p.maintenance ? <em className="badge badge--warn">{t('maintenance')}</em> : t('games_count', { count: p.game_count })}</span>
        </button>
      ))}
    </div>
  );
}
