// The logged-in header: account, cash written as money, deposit, agent centre.
import { fireEvent, screen } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { login } from '@/lib/session';
import { loginData, memberLayout } from '@/test/fixtures';
import { ok } from '@/test/handlers';
import { renderUi } from '@/test/render';
import { server } from '@/test/server';
import { AuthButtons } from '../components/AuthButtons';

const layout = (over: Partial<typeof memberLayout>) => server.use(http.post('/api/member/profile/common/layout', () => ok({ member_common_layout: { ...memberLayout, ...over } })));

describe('member bar', () => {
  it("writes the cash as the site writes money: the currency's symbol and decimals", async () => {
    login(loginData);
    renderUi(<AuthButtons demoMode={false} />);
    expect(await screen.findByText('$1,234.50')).toBeTruthy();
    expect(screen.getByTestId('member-cash').textContent).toBe('$1,234.50');
  });

  it('a currency without decimals shows none', async () => {
    layout({ member_currency: 'VND', member_cash: 1500000 });
    login({ ...loginData, member_currency: 'VND' });
    renderUi(<AuthButtons demoMode={false} />);
    expect(await screen.findByText('₫1,500,000')).toBeTruthy();
  });

  it('Deposit opens the member centre\'s deposit page in its 1500x800 window on a desktop', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue({ focus() {} } as Window);
    login(loginData);
    renderUi(<AuthButtons demoMode={false} />);
    fireEvent.click(await screen.findByTestId('open-deposit'));
    expect(open).toHaveBeenCalledWith('/user/Deposit', 'user', 'width=1500,height=800');
  });

  it('Deposit goes to the page itself on a phone', async () => {
    login(loginData);
    const { router } = renderUi(<AuthButtons demoMode={false} compact />, { width: 390 });
    fireEvent.click(await screen.findByTestId('open-deposit'));
    expect(router.state.location.pathname).toBe('/user/Deposit');
  });

  it.each([
    [1, '/proxy', 'Agent centre'],
    [0, '/proxy?page=Register', 'Become an agent'],
  ])('an agent with agent_active %i gets a link to %s', async (active, url, label) => {
    const open = vi.spyOn(window, 'open').mockReturnValue({ focus() {} } as Window);
    layout({ is_agent: 1, agent_active: active });
    login(loginData);
    renderUi(<AuthButtons demoMode={false} />);
    const link = await screen.findByTestId('open-agent');
    expect(link.textContent).toBe(label);
    fireEvent.click(link);
    expect(open).toHaveBeenCalledWith(url, 'proxy', 'width=1500,height=800');
  });

  it('a member who is no agent gets no agent link', async () => {
    login(loginData);
    renderUi(<AuthButtons demoMode={false} />);
    await screen.findByText('$1,234.50');
    expect(screen.queryByTestId('open-agent')).toBeNull();
  });
});
