import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GO_TOP_LINGER_MS, GoTop } from './GoTop';

const scrollTo = (y: number) =>
  act(() => {
    Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
    fireEvent.scroll(window);
  });

afterEach(() => {
  vi.useRealTimers();
  Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
});

describe('go to top', () => {
  it('shows once the page is scrolled down a screen', () => {
    render(<GoTop />);
    expect(screen.queryByTestId('go-top')).toBeNull();
    scrollTo(2000);
    expect(screen.getByTestId('go-top')).toBeTruthy();
  });

  it('on a phone it keeps off the lists while they are read: only scrolling back up brings it, for a moment', () => {
    vi.useFakeTimers();
    render(<GoTop revealOnScrollUp />);
    scrollTo(1200);
    scrollTo(2000);
    expect(screen.queryByTestId('go-top')).toBeNull();
    scrollTo(1800);
    expect(screen.getByTestId('go-top')).toBeTruthy();
    act(() => vi.advanceTimersByTime(GO_TOP_LINGER_MS));
    expect(screen.queryByTestId('go-top')).toBeNull();
    scrollTo(1700);
    scrollTo(2400);
    expect(screen.queryByTestId('go-top')).toBeNull();
  });
});
