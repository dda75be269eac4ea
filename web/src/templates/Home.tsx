import { useDevice } from '@/lib/device-context';
import { DesktopHome } from './desktop/DesktopHome';
import { MobileHome } from './mobile/MobileHome';

/** The lobby at /, in the template the layout switch chose. */
export function Home() {
  return useDevice() === 'desktop' ? <DesktopHome /> : <MobileHome />;
}
