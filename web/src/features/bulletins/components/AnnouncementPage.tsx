import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useDevice } from '@/lib/device-context';
import { useSession } from '@/lib/session';
import { useLanguage } from '@/lib/use-language';
import { memberAnnouncementsQuery, memberCentreBulletinsQuery } from '../api/bulletins';
import './bulletins.css';

/** The member centre's Announcement page: the after-login announcements and the member centre's bulletins. */
export function AnnouncementPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const device = useDevice();
  const { memberId } = useSession();
  const announcements = useQuery(memberAnnouncementsQuery(lang, memberId));
  const bulletins = useQuery(memberCentreBulletinsQuery(device, lang, memberId));
  const empty = !announcements.isPending && !bulletins.isPending && !announcements.data?.length && !bulletins.data?.length;
  return (
    <section className="uc-card" data-testid="announcement-page">
      <header className="uc-card__head">
        <h2>{t('uc_Announcement')}</h2>
      </header>
      {empty && <p className="muted">{t('no_announcements')}</p>}
      {bulletins.data?.map((b) => (
        <article key={`b${b.id}`} className="member-notice" data-testid={`member-bulletin-${b.id}`}>
          <h3>{b.title}</h3>
          {/* Operator HTML, sanitised by the server when written and again when served. */}
          <div className="bulletin-content" dangerouslySetInnerHTML={{ __html: b.content }} />
        </article>
      ))}
      {announcements.data?.map((a) => (
        <article key={`a${a.id}`} className="member-notice" data-testid={`announcement-${a.id}`}>
          <h3>{a.title}</h3>
          <p>{a.content}</p>
        </article>
      ))}
    </section>
  );
}
