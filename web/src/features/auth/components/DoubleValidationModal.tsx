import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CaptchaInput, Field, FormError, TextInput } from '@/components/ui/Field';
import { Modal } from '@/components/ui/Modal';
import '@/components/ui/form.css';
import { isApiError } from '@/lib/api-client';
import { CAPTCHA_LOGIN, useCaptcha } from '@/lib/captcha';
import { errorText } from '@/lib/query-client';
import { login } from '@/lib/session';
import { doubleValidation, skipQuestion } from '../api/auth';
import { dvOutcome, QUESTION_KEYS, skipOutcome } from '../codes';
import type { Challenge } from '../types';
import './auth.css';

/** Spec section 9: login-page double validation offers 3 questions by default. */
export const DEFAULT_QUESTIONS = 3;

/** A login from a new device (107): answer one question plus a captcha, or skip to another. */
export default function DoubleValidationModal({ challenge, onClose }: { challenge?: Challenge; onClose: () => void }) {
  const { t } = useTranslation();
  const captcha = useCaptcha(CAPTCHA_LOGIN);
  const [current, setCurrent] = useState<Challenge>(
    () => challenge ?? { member_login_id: '', question: 'member_name', available_questions_count: DEFAULT_QUESTIONS },
  );
  const [answer, setAnswer] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ answer?: string; code?: string }>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const label = t(QUESTION_KEYS[current.question] ?? /* i18n */ 'dv_q_other');
  const isSecret = current.question === 'withdraw_password';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const next: typeof errors = {};
    if (!answer.trim()) next.answer = t('dv_answer_required', { question: label });
    if (!code.trim()) next.code = t('ph_account_verify_code');
    setErrors(next);
    setFormError('');
    if (Object.keys(next).length) return;
    setBusy(true);
    try {
      const data = await doubleValidation({ memberLoginId: current.member_login_id, answer, captchaAnswer: code, captchaToken: captcha.token });
      login(data, 'form');
      onClose();
    } catch (err) {
      if (isApiError(err) && err.kind === 'business') {
        const out = dvOutcome(err.code);
        setFormError(out.key ? t(out.key) : err.message || t('error'));
      } else setFormError(errorText(err));
    } finally {
      setBusy(false);
      setCode('');
      captcha.refresh();
    }
  };

  const skip = async () => {
    if (busy) return;
    setBusy(true);
    setFormError('');
    try {
      const next = await skipQuestion(current.member_login_id);
      setCurrent(next);
      setAnswer('');
      setErrors({});
    } catch (err) {
      if (isApiError(err) && err.kind === 'business') {
        const out = skipOutcome(err.code);
        setFormError(out.key ? t(out.key) : err.message || t('error'));
      } else setFormError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open onClose={onClose} size="sm" title={t('double_validation')} testId="dv-modal" closeTestId="dv-close">
      <form className="form" onSubmit={submit} noValidate>
        <p className="muted" style={{ margin: 0 }}>
          {t('different_device')}
        </p>
        <p className="dv-question" data-testid="dv-question" data-question={current.question}>
          <strong>{label}</strong>
          <small data-testid="dv-remaining">{t('dv_remaining', { count: current.available_questions_count })}</small>
        </p>
        <FormError text={formError} testId="dv-error" />
        <Field name="dvAnswer" label={label} error={errors.answer}>
          {(id, d) => (
            <TextInput
              id={id}
              type={isSecret ? 'password' : 'text'}
              inputMode={isSecret || current.question === 'member_phone' ? 'numeric' : undefined}
              value={answer}
              onValue={setAnswer}
              autoComplete="off"
              maxLength={100}
              invalid={!!errors.answer}
              describedBy={d}
              data-testid="dv-answer"
            />
          )}
        </Field>
        <Field name="dvCaptcha" label={t('captcha')} error={errors.code}>
          {(id, d) => (
            <CaptchaInput id={id} value={code} onValue={setCode} image={captcha.image} placeholder={captcha.placeholder} loading={captcha.loading} onRefresh={captcha.refresh} invalid={!!errors.code} describedBy={d} testId="dv-captcha" />
          )}
        </Field>
        <div className="form__actions">
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => void skip()} disabled={busy || current.available_questions_count <= 1} data-testid="dv-skip">
            {t('dv_skip')}
          </button>
          <button type="submit" className="btn btn--gold" disabled={busy} data-testid="dv-submit">
            {t('confirm')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
