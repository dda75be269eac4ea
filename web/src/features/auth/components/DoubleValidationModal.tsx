import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CaptchaInput, Field, FormError, TextInput } from '@/components/ui/Field';
import { Modal } from '@/components/ui/Modal';
import '@/components/ui/form.css';
import { CAPTCHA_LOGIN, useCaptcha } from '@/lib/captcha';
import type { ModalProps } from '@/lib/modals';
import { login } from '@/lib/session';
import { useFormSubmit } from '@/lib/use-form-submit';
import { doubleValidation, skipQuestion } from '../api/auth';
import { dvOutcome, QUESTION_KEYS, skipOutcome } from '../codes';
import type { Challenge } from '../types';
import './auth.css';

/** Spec section 9: login-page double validation offers 3 questions by default. */
export const DEFAULT_QUESTIONS = 3;

/** A login from a new device (107): answer one question plus a captcha, or skip to another. */
export default function DoubleValidationModal({ data: challenge, onClose }: ModalProps<Challenge>) {
  const { t } = useTranslation();
  const captcha = useCaptcha(CAPTCHA_LOGIN);
  const [current, setCurrent] = useState<Challenge>(
    () => challenge ?? { member_login_id: '', question: 'member_name', available_questions_count: DEFAULT_QUESTIONS },
  );
  const [answer, setAnswer] = useState('');
  const [code, setCode] = useState('');
  const { errors, setErrors, formError, busy, handle, attempt } = useFormSubmit<'answer' | 'code'>();
  const label = t(QUESTION_KEYS[current.question] ?? /* i18n */ 'dv_q_other');
  const isSecret = current.question === 'withdraw_password';
  const messageOf = (key: string | undefined, server: string) => (key ? t(key) : server || t('error'));

  const submit = handle(() => ({
    validate: () => ({
      answer: answer.trim() ? '' : t('dv_answer_required', { question: label }),
      code: code.trim() ? '' : t('ph_account_verify_code'),
    }),
    run: async () => {
      login(await doubleValidation({ memberLoginId: current.member_login_id, answer, captchaAnswer: code, captchaToken: captcha.token }), 'form');
      onClose();
    },
    onBusinessError: (err) => ({ form: messageOf(dvOutcome(err.code).key, err.message) }),
    after: (ok) => {
      if (ok) return;
      setCode('');
      captcha.refresh();
    },
  }));

  const skip = () =>
    void attempt({
      run: async () => {
        setCurrent(await skipQuestion(current.member_login_id));
        setAnswer('');
        setErrors({});
      },
      onBusinessError: (err) => ({ form: messageOf(skipOutcome(err.code).key, err.message) }),
    });

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
          <button type="button" className="btn btn--ghost btn--sm" onClick={skip} disabled={busy || current.available_questions_count <= 1} data-testid="dv-skip">
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
