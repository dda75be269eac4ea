import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDevice } from '@/lib/device-context';
import './pages.css';

interface Props {
  title: string;
  testId: string;
  /** where the back link leads and its label key; the lobby by default */
  back?: { to: string; label: string };
  aside?: ReactNode;
  children: ReactNode;
}

/** The frame every content page shares: title, back link, body and (desktop) a side list. */
export function PageFrame({ title, testId, back = { to: '/', label: 'back_home' }, aside, children }: Props) {
  const { t } = useTranslation();
  const device = useDevice();
  return (
    <div className={`container content-page content-page--${device}`} data-testid={testId}>
      <nav className="content-page__crumbs">
        <Link to={back.to} data-testid="page-back">
          ‹ {t(back.label)}
        </Link>
      </nav>
      <h1 className="content-page__title" data-testid="page-title">
        {title}
      </h1>
      <div className={aside ? 'content-page__grid' : undefined}>
        <div className="content-page__body">{children}</div>
        {aside && <aside className="content-page__aside">{aside}</aside>}
      </div>
    </div>
  );
}
