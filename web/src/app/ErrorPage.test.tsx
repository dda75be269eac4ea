import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ErrorPage } from './ErrorPage';
import { RouteError } from './RouteError';

const renderAt = (element: React.ReactNode, loader?: () => never) =>
  render(<RouterProvider router={createMemoryRouter([{ path: '/', element, loader, errorElement: <RouteError /> }])} />);

describe('error page', () => {
  it('defaults to 500 Internal Server Error', () => {
    renderAt(<ErrorPage message="boom" />);
    expect(screen.getByTestId('error-status').textContent).toBe('500');
    expect(screen.getByTestId('error-page').textContent).toContain('Internal Server Error');
    expect(screen.getByTestId('error-message').textContent).toBe('boom');
    expect(screen.getByTestId('error-home').getAttribute('href')).toBe('/');
  });

  it('a failing route shows 500 with the error message', async () => {
    renderAt(<p>never</p>, () => {
      throw new Error('settings failed');
    });
    expect((await screen.findByTestId('error-status')).textContent).toBe('500');
    expect(screen.getByTestId('error-message').textContent).toBe('settings failed');
  });
});
