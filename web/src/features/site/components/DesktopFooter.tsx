import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLanguage } from '@/lib/use-language';
import { footerQuery } from '../api/site';
import { classifyFooterLink } from '../footer-links';
import { useEnvConfig } from '@/site';
import type { FooterLink } from '../types';
import './footer.css';

function FooterAnchor({ link }: { link: FooterLink }) {
  const c = classifyFooterLink(link.url);
  if (c.kind === 'outer') {
    return (
      <a href={c.href} target="_blank" rel="noopener noreferrer" data-testid="footer-link" data-kind={c.kind}>
        {link.title}
      </a>
    );
  }
  return (
    <Link to={c.href} data-testid="footer-link" data-kind={c.kind}>
      {link.title}
    </Link>
  );
}

/** legal: more entries of the legal line (the shell passes the terms link). */
export function DesktopFooter({ legal }: { legal?: ReactNode }) {
  const { t } = useTranslation();
  const env = useEnvConfig();
  const lang = useLanguage();
  const { data: groups } = useQuery(footerQuery(lang));
  return (
    <footer className="site-footer" data-testid="desktop-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <strong>{env.site_name}</strong>
          <p>{t('footer_tagline')}</p>
          <span className="site-footer__age" aria-label={t('adults_only')}>
            18+
          </span>
        </div>
        {groups?.map((g) => (
          <nav key={g.id} className="site-footer__group" aria-label={g.title}>
            <h3>{g.title}</h3>
            <ul>
              {g.list.map((l) => (
                <li key={l.id}>
                  <FooterAnchor link={l} />
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="site-footer__legal">
        <div className="container">
          <span>
            © {new Date().getFullYear()} {env.site_name}. {t('all_rights_reserved')}
          </span>
          <span>{t('responsible_gaming_note')}</span>
          {legal}
        </div>
      </div>
    </footer>
  );
}
