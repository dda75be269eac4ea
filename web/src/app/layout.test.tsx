import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoadingOverlay } from '@/components/ui/LoadingOverlay';
import { setWidth } from '@/test/render';
import { LayoutRoot } from './LayoutRoot';

describe('layout switch', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const resize = (w: number) =>
    act(() => {
      setWidth(w);
      window.dispatchEvent(new Event('resize'));
    });

  it('is desktop from 992 px and mobile below', () => {
    setWidth(992);
    const { unmount } = render(<LayoutRoot>x</LayoutRoot>);
    expect(screen.getByTestId('layout-desktop')).toBeTruthy();
    unmount();
    setWidth(991);
    render(<LayoutRoot>x</LayoutRoot>);
    expect(screen.getByTestId('layout-mobile')).toBeTruthy();
  });

  it('recomputes 1000 ms after the last resize', () => {
    setWidth(1280);
    render(<LayoutRoot>x</LayoutRoot>);
    resize(500);
    act(() => vi.advanceTimersByTime(999));
    expect(screen.queryByTestId('layout-desktop')).not.toBeNull();
    // Another resize restarts the wait.
    resize(600);
    act(() => vi.advanceTimersByTime(999));
    expect(screen.queryByTestId('layout-desktop')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId('layout-mobile')).not.toBeNull();
    resize(1400);
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByTestId('layout-desktop')).not.toBeNull();
  });
});

describe('loading overlay', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows while the flag is set and goes 400 ms after it clears', () => {
    const { rerender } = render(<LoadingOverlay active={false} />);
    expect(screen.queryByTestId('loading-overlay')).toBeNull();
    rerender(<LoadingOverlay active />);
    expect(screen.getByTestId('loading-overlay')).toBeTruthy();
    rerender(<LoadingOverlay active={false} />);
    act(() => vi.advanceTimersByTime(399));
    expect(screen.queryByTestId('loading-overlay')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId('loading-overlay')).toBeNull();
  });

  it('stays when the flag comes back within 400 ms', () => {
    const { rerender } = render(<LoadingOverlay active />);
    rerender(<LoadingOverlay active={false} />);
    act(() => vi.advanceTimersByTime(200));
    rerender(<LoadingOverlay active />);
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByTestId('loading-overlay')).not.toBeNull();
  });
});
