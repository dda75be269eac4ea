import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { GAME_CATEGORIES, useGameTypes } from '@/api';
import { gameTypeHref } from '../links';

/** The header's row of game halls (desktop). */
export function GameTypeNav() {
  const { t } = useTranslation();
  const { data, isError } = useGameTypes();
  // Without the server's list the nav still leads to every category's hall.
  const types = data ?? (isError ? GAME_CATEGORIES.map(([gt_id, gt_key]) => ({ gt_id, gt_key, gt_name: '', gt_icon: `/media/game-type/${gt_id}.svg` })) : []);
  return (
    <nav className="gt-nav" aria-label={t('game_halls')} data-testid="game-type-nav">
      <NavLink to="/" end className="gt-nav__item">
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
          <path d="M3.5 11 12 4l8.5 7" />
          <path d="M6 9.5V20h4.5v-5.5h3V20H18V9.5" />
        </svg>
        {t('home')}
      </NavLink>
      {types.map((gt) => (
        <NavLink key={gt.gt_id} to={gameTypeHref(gt.gt_id)} className="gt-nav__item">
          <img src={gt.gt_icon} alt="" />
          {t(gt.gt_key, { defaultValue: gt.gt_name })}
        </NavLink>
      ))}
    </nav>
  );
}
