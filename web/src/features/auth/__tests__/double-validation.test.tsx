// Double validation (spec sections 4, 5, 8): the question per column, skip,
// available_questions_count and every code.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { loginData } from '@/test/fixtures';
import { ok } from '@/test/handlers';
import { renderUi } from '@/test/render';
import { server } from '@/test/server';
import DoubleValidationModal from '../components/DoubleValidationModal';

const challenge = { member_login_id: 'pl-1', question: 'member_name', available_questions_count: 3 };
const dvFail = (code: number, message = 'server message') => http.post('/api/login/double_validation', () => HttpResponse.json({ code, message, data: null }));

async function answer(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByTestId('dv-answer'), 'Dana Demo');
  await screen.findByTestId('dv-captcha-image');
  await user.type(screen.getByTestId('dv-captcha-input'), '1234');
  await user.click(screen.getByTestId('dv-submit'));
}

describe('double validation', () => {
  it.each([
    ['member_name', 'Your real name'],
    ['identity_id', 'Your identity number'],
    ['member_phone', 'Your phone number'],
    ['member_email', 'Your e-mail address'],
    ['withdraw_password', 'Your withdrawal password'],
  ])('labels the %s question', (question, label) => {
    renderUi(<DoubleValidationModal data={{ ...challenge, question }} onClose={() => {}} />);
    expect(screen.getByTestId('dv-question').textContent).toContain(label);
    expect(screen.getByTestId('dv-remaining').textContent).toBe('3 questions available');
  });

  it('requires the answer (message by question) and the captcha', async () => {
    const user = userEvent.setup();
    renderUi(<DoubleValidationModal data={{ ...challenge, question: 'member_email' }} onClose={() => {}} />);
    await user.click(screen.getByTestId('dv-submit'));
    expect(screen.getByTestId('field-error-dvAnswer').textContent).toBe('Please enter: Your e-mail address');
    expect(screen.getByTestId('field-error-dvCaptcha').textContent).toBe('Please enter the verification code');
  });

  it.each([
    [101, 'server message'],
    [102, 'server message'],
    [202, 'server message'],
    [106, 'Login is not allowed from your network.'],
    [103, 'Verification failed.'],
    [104, 'Verification failed.'],
    [105, 'Verification failed.'],
    [205, 'Verification failed.'],
    [206, 'Verification failed.'],
    [998, 'Security check failed. Please log in again.'],
  ])('code %i shows %s and refreshes the captcha', async (code, text) => {
    let captchas = 0;
    server.use(
      dvFail(code),
      http.post('/api/captcha', () => ok({ token: `c${++captchas}`, captcha: `data:image/png;base64,${captchas}`, placeholder: '' })),
    );
    const user = userEvent.setup();
    renderUi(<DoubleValidationModal data={challenge} onClose={() => {}} />);
    await answer(user);
    expect((await screen.findByTestId('dv-error')).textContent).toBe(text);
    await waitFor(() => expect(captchas).toBe(2));
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('a right answer completes the login', async () => {
    let body: Record<string, unknown> = {};
    server.use(
      http.post('/api/login/double_validation', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return ok(loginData);
      }),
    );
    let closed = 0;
    const user = userEvent.setup();
    renderUi(<DoubleValidationModal data={challenge} onClose={() => closed++} />);
    await answer(user);
    await waitFor(() => expect(closed).toBe(1));
    expect(body).toMatchObject({ member_login_id: 'pl-1', answer: 'Dana Demo', captcha_answer: '1234', captcha_token: 'cap-1' });
    expect(body).toHaveProperty('login_type', 'web');
    expect(localStorage.getItem('token')).toBe('tok-player01');
  });

  it('skip asks another question and shows the new count', async () => {
    server.use(http.post('/api/login/double_validation/skip', () => ok({ member_login_id: 'pl-1', question: 'member_phone', available_questions_count: 2 })));
    const user = userEvent.setup();
    renderUi(<DoubleValidationModal data={challenge} onClose={() => {}} />);
    await user.click(screen.getByTestId('dv-skip'));
    await waitFor(() => expect(screen.getByTestId('dv-question').getAttribute('data-question')).toBe('member_phone'));
    expect(screen.getByTestId('dv-remaining').textContent).toBe('2 questions available');
  });

  it.each([
    [101, 'Incorrect account or password.'],
    [998, 'Security check failed. Please log in again.'],
    [500, 'oops'],
  ])('skip code %i shows %s', async (code, text) => {
    server.use(http.post('/api/login/double_validation/skip', () => HttpResponse.json({ code, message: 'oops', data: null })));
    const user = userEvent.setup();
    renderUi(<DoubleValidationModal data={challenge} onClose={() => {}} />);
    await user.click(screen.getByTestId('dv-skip'));
    expect((await screen.findByTestId('dv-error')).textContent).toBe(text);
  });

  it('without a challenge uses the default of 3 questions', () => {
    renderUi(<DoubleValidationModal onClose={() => {}} />);
    expect(screen.getByTestId('dv-remaining').textContent).toBe('3 questions available');
  });
});
