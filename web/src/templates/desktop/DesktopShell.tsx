import { Outlet } from 'react-router';
import { GoTop } from '@/components/ui/GoTop';
import { TermsLink } from '@/features/pages';
import { DesktopFooter, SideFloat, useSideFloatItems } from '@/features/site';
import { useAppMode } from '@/lib/ui-store';
import { useHeaderOffset } from '../useHeaderOffset';
import { DesktopHeader } from './DesktopHeader';
import '../shell.css';

export function DesktopShell() {
  const { appPage } = useAppMode();
  useHeaderOffset();
  // The server's side float usually carries its own go-top entry.
  const floatHasTop = useSideFloatItems().some((i) => i.type === 'go_top');
  // App mode (?appPage=): a native wrapper shows one part of the page at a time.
  if (appPage === 'header') return <DesktopHeader />;
  if (appPage === 'footer') return <DesktopFooter />;
  return (
    <div className="shell shell--desktop">
      {appPage !== 'content' && <DesktopHeader />}
      <main className="shell__main">
        <Outlet />
      </main>
      {appPage !== 'content' && (
        <>
          <DesktopFooter legal={<TermsLink />} />
          <SideFloat />
        </>
      )}
      {(appPage === 'content' || !floatHasTop) && <GoTop />}
    </div>
  );
}
