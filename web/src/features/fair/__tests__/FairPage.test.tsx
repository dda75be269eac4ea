import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, renderUi } from '@/test/render';
import { FairPage } from '../components/FairPage';

const SERVER = '7f1c3d0e9a8b4c2d1e0f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d';
const KENO = '47,43,31,44,32,3,27,76,79,30,45,13,11,56,49,2,17,33,52,18';

describe('FairPage', () => {
  it('verifies a prefilled link at once: the seed against the commitment, the outcome against the round', async () => {
    const { commitment } = await import('../lib/derive');
    const c = await commitment(SERVER);
    renderUi(<FairPage />, { path: `/fair?game=keno&server_seed=${SERVER}&client_seed=gamehall&nonce=42&commitment=${c}&expect=${KENO}` });
    await waitFor(() => expect(screen.getByTestId('fair-commit-check').getAttribute('data-ok')).toBe('true'));
    expect(screen.getByTestId('fair-commit-check').textContent).toBe('Matches the commitment');
    expect(screen.getByTestId('fair-outcome-check').textContent).toBe('Matches the recorded result');
    expect(screen.getByTestId('fair-outcome').textContent).toContain('47, 43, 31');
  });

  it('says when the seed does not match the commitment or the outcome differs', async () => {
    renderUi(<FairPage />, { path: `/fair?game=keno&server_seed=${SERVER}x&client_seed=gamehall&nonce=42&commitment=${'0'.repeat(64)}&expect=${KENO}` });
    await waitFor(() => expect(screen.getByTestId('fair-commit-check').getAttribute('data-ok')).toBe('false'));
    expect(screen.getByTestId('fair-outcome-check').textContent).toBe('Differs from the recorded result');
  });

  it('asks for both seeds and a whole nonce', async () => {
    renderUi(<FairPage />, { path: '/fair' });
    fireEvent.click(screen.getByTestId('fair-verify'));
    expect((await screen.findByTestId('fair-error')).textContent).toBe('Enter the server seed and the client seed.');
    fireEvent.change(screen.getByTestId('fair-server'), { target: { value: SERVER } });
    fireEvent.change(screen.getByTestId('fair-client'), { target: { value: 'gamehall' } });
    for (const bad of ['-1', '1.5', 'x', '']) {
      fireEvent.change(screen.getByTestId('fair-nonce'), { target: { value: bad } });
      fireEvent.click(screen.getByTestId('fair-verify'));
      await waitFor(() => expect(screen.getByTestId('fair-error').textContent).toBe('The nonce must be a whole number from 0.'));
    }
    fireEvent.change(screen.getByTestId('fair-nonce'), { target: { value: '42' } });
    fireEvent.change(screen.getByTestId('fair-game'), { target: { value: 'baccarat' } });
    fireEvent.click(screen.getByTestId('fair-verify'));
    await waitFor(() => expect(screen.getByTestId('fair-outcome').textContent).toContain('TD JC'));
    expect(screen.queryByTestId('fair-error')).toBeNull();
    expect(screen.queryByTestId('fair-commit-check')).toBeNull();
  });

  it('is a route of the app in the mobile template too', async () => {
    renderApp('/fair', { width: 390 });
    expect(await screen.findByTestId('fair-page')).toBeTruthy();
  });
});
