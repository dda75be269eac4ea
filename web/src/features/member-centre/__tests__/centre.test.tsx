// The member centre's frame: the member's balance and, for agents, the agent centre link.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { login } from '@/lib/session';
import { loginData, memberLayout } from '@/test/fixtures';
import { ok } from '@/test/handlers';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';

describe('member centre frame', () => {
  it("shows the member's balance", async () => {
    login(loginData);
    renderApp('/user/Deposit');
    await waitFor(async () => expect((await screen.findByTestId('uc-balance')).textContent).toBe('Balance $1,234.50'));
    expect(screen.queryByTestId('uc-agent')).toBeNull();
  });

  it('an agent opens the agent centre from it (its registration page while not active)', async () => {
    server.use(http.post('/api/member/profile/common/layout', () => ok({ member_common_layout: { ...memberLayout, is_agent: 1, agent_active: 0 } })));
    const open = vi.spyOn(window, 'open').mockReturnValue({ focus() {} } as Window);
    login(loginData);
    renderApp('/user/Info');
    fireEvent.click(await screen.findByTestId('uc-agent'));
    expect(open).toHaveBeenCalledWith('/proxy?page=Register', 'proxy', 'width=1500,height=800');
  });

  it('the RecommendProject page shows its title and no internal name', async () => {
    server.use(http.post('/api/arks/web/referral/project', () => ok({ plan: { id: 1, currency: 'USD', active: true, first_deposit_min: 50, first_deposit_reward: 10, share_percent: 0.5, share_period: 'day', share_cap: 100 }, recommend_code: 'DEMO2026' })));
    login(loginData);
    renderApp('/user/RecommendProject');
    const page = await screen.findByTestId('uc-recommend-project');
    expect(within(page).getByRole('heading').textContent).toBe('Referral plan');
    expect(page.textContent).not.toMatch(/uc_|#\d/);
  });
});
