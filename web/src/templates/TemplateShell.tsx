import { useDevice } from '@/lib/device-context';
import { DesktopShell } from './desktop/DesktopShell';
import { MobileShell } from './mobile/MobileShell';

export function TemplateShell() {
  return useDevice() === 'desktop' ? <DesktopShell /> : <MobileShell />;
}
