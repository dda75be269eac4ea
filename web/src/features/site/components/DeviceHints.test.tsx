import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { DeviceHints } from './DeviceHints';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const IPHONE_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0 Mobile/15E148 Safari/604.1';
const original = navigator.userAgent;

const setUA = (ua: string) => Object.defineProperty(navigator, 'userAgent', { configurable: true, value: ua });
const renderHints = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <DeviceHints />
    </QueryClientProvider>,
  );

describe('device hints', () => {
  afterEach(() => setUA(original));

  it('iOS Safari gets the add-to-home hint until it is dismissed', async () => {
    setUA(IPHONE_SAFARI);
    const first = renderHints();
    fireEvent.click(await screen.findByTestId('ios-home-hint-close'));
    expect(screen.queryByTestId('ios-home-hint')).toBeNull();
    expect(localStorage.getItem('ios_home_hint_dismissed')).toBe('1');
    first.unmount();
    renderHints();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('ios-home-hint')).toBeNull();
  });

  it('other iOS browsers cannot add to the home screen and get no hint', async () => {
    setUA(IPHONE_CHROME);
    renderHints();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('ios-home-hint')).toBeNull();
  });

  it('a browser without IntersectionObserver gets the support prompt', async () => {
    const saved = globalThis.IntersectionObserver;
    // @ts-expect-error simulating an old browser
    delete globalThis.IntersectionObserver;
    try {
      renderHints();
      const prompt = await screen.findByTestId('browser-support-prompt');
      expect(prompt.textContent).toContain('Update your browser');
      fireEvent.click(screen.getByText('I understand'));
      expect(screen.queryByTestId('browser-support-prompt')).toBeNull();
    } finally {
      globalThis.IntersectionObserver = saved;
    }
  });
});
