import { lazy, Suspense, useState } from 'react';
import { isIOSSafari, isOutdatedBrowser, isStandalone } from '@/lib/device';
import { local, session } from '@/lib/storage';

// Both hints are rare: their code loads only for the browsers that get them.
const IosHomeHint = lazy(() => import('./IosHomeHint'));
const BrowserSupportPrompt = lazy(() => import('./BrowserSupportPrompt'));

export const IOS_HINT_KEY = 'ios_home_hint_dismissed';
export const BROWSER_PROMPT_KEY = 'browser_prompt_dismissed';

export function DeviceHints() {
  const [ios, setIos] = useState(() => isIOSSafari() && !isStandalone() && local.get(IOS_HINT_KEY) !== '1');
  const [outdated, setOutdated] = useState(() => isOutdatedBrowser() && session.get(BROWSER_PROMPT_KEY) !== '1');
  return (
    <Suspense fallback={null}>
      {ios && (
        <IosHomeHint
          onDismiss={() => {
            local.set(IOS_HINT_KEY, '1');
            setIos(false);
          }}
        />
      )}
      {outdated && (
        <BrowserSupportPrompt
          onDismiss={() => {
            session.set(BROWSER_PROMPT_KEY, '1');
            setOutdated(false);
          }}
        />
      )}
    </Suspense>
  );
}
