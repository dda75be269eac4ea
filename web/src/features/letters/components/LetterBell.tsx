import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUnreadLetters } from '@/api';
import { Badge } from '@/components/ui/Badge';
import { MailIcon } from '@/components/ui/icons';
import { useDevice } from '@/lib/device-context';
import { useSession } from '@/lib/session';
import { useLanguage } from '@/lib/use-language';
import { openPage } from '@/lib/windows';
import { confirmGameStop } from '@/features/games/launch/force-stop';
import './letters.css';

/** The header's inbox entry with the unread badge (members only). */
export function LetterBell() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const session = useSession();
  const device = useDevice();
  const navigate = useNavigate();
  const unread = useUnreadLetters(lang);
  if (!session.token) return null;
  return (
    <button
      type="button"
      className="btn btn--ghost btn--sm btn--icon letter-bell"
      aria-label={t('uc_Letter')}
      title={t('uc_Letter')}
      data-testid="letter-bell"
      onClick={() => confirmGameStop(() => openPage('user', '/user/Letter', device === 'desktop', (to) => void navigate(to)))}
    >
      <MailIcon width={18} height={18} />
      <Badge count={unread} testId="letter-badge" />
    </button>
  );
}
