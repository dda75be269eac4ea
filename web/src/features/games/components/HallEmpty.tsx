import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { GameType } from '@/api';

/**
 * A hall whose type no provider plays yet (live, sport, virtual sport,
 * cockfight, esport in the demo): the type's own icon and a note pointing to
 * the halls that do play, instead of tiles that cannot open.
 */
export function HallEmpty({ type }: { type: GameType }) {
  const { t } = useTranslation();
  const hall = t(type.gt_key, { defaultValue: type.gt_name });
  return (
    <section className="hall-empty" data-testid="hall-empty" aria-labelledby="hall-empty-title">
      <div className="hall-empty__art" aria-hidden="true">
        <svg viewBox="0 0 120 120" width="120" height="120">
          <circle cx="60" cy="60" r="56" className="hall-empty__ring" />
          <circle cx="60" cy="60" r="44" className="hall-empty__disc" />
          <path d="M96 24 l4 -8 M104 34 l8 -3 M24 96 l-4 8" className="hall-empty__spark" />
        </svg>
        <img src={type.gt_icon_active || type.gt_icon} alt="" className="hall-empty__icon" />
      </div>
      <h2 id="hall-empty-title">{t('hall_empty_title', { hall })}</h2>
      <p className="muted">{t('hall_empty_text')}</p>
      <div className="hall-empty__actions">
        <Link to="/slotgame?gt_id=2" className="btn btn--gold" data-testid="hall-empty-slots">
          {t('hall_empty_cta')}
        </Link>
        <Link to="/" className="btn btn--ghost">
          {t('back_home')}
        </Link>
      </div>
    </section>
  );
}
