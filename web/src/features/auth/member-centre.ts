import i18next from 'i18next';
import { toast } from 'sonner';
import type { Device } from '@/lib/device';
import { isLoggedIn, setPendingTarget } from '@/lib/session';
import { openModal } from '@/lib/modals';
import { confirmGameStop } from '@/features/games/launch/force-stop';
import { openPage } from '@/lib/windows';

/**
 * The member centre (spec section 2 /user): a separate 1500x800 window on
 * desktop, the same tab on mobile. Guests get the login modal and the
 * check_login_msg warning, and the centre opens after they log in. While a
 * game plays the force-stop warning comes first.
 */
export function openMemberCentre(device: Device, navigate: (to: string) => void, page?: string): void {
  const url = page ? `/user/${page}` : '/user';
  if (!isLoggedIn()) {
    toast.warning(i18next.t('check_login_msg'), { id: 'check-login' });
    setPendingTarget(url);
    openModal('login');
    return;
  }
  confirmGameStop(() => openPage('user', url, device === 'desktop', navigate));
}
