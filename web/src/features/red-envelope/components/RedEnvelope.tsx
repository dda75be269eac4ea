import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { keys } from '@/api';
import { Modal } from '@/components/ui/Modal';
import { GiftIcon } from '@/components/ui/icons';
import { ApiError } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { onRealtimeEvent } from '@/lib/realtime';
import { useSession } from '@/lib/session';
import { claimEnvelope, envelopeKey, envelopeQuery, formatLeft, REFETCH_AFTER_END_MS, secondsLeft } from '../api/envelope';
import './red-envelope.css';

/** Ticks every second (spec section 9) while an envelope is shown. */
function useNow(on: boolean): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!on) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [on]);
  return now;
}

/**
 * The red envelope (spec section 4): shown with its countdown while one is
 * open for the member, ended at zero and fetched again 3 s later; a claim
 * shows the cash won, and closing it refreshes the cash and the envelope.
 * Code 102 (ended or spent) shows the message and clears the envelope.
 */
export function RedEnvelope() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const qc = useQueryClient();
  const { data: envelope } = useQuery({ ...envelopeQuery(session.memberId), meta: { silent: true } });
  const now = useNow(!!envelope);
  const left = envelope ? secondsLeft(envelope.end_at, now) : 0;
  const [won, setWon] = useState<number | null>(null);
  const refetch = () => qc.invalidateQueries({ queryKey: envelopeKey() });

  // A new envelope is shown to every online member of the currency at once.
  useEffect(() => onRealtimeEvent('red_envelope', () => void qc.invalidateQueries({ queryKey: envelopeKey() })), [qc]);

  useEffect(() => {
    if (!envelope || left > 0) return;
    const id = setTimeout(() => void qc.invalidateQueries({ queryKey: envelopeKey() }), REFETCH_AFTER_END_MS);
    return () => clearTimeout(id);
  }, [envelope, left, qc]);

  const claim = useMutation({
    mutationFn: claimEnvelope,
    onSuccess: (d) => setWon(d.cash),
    onError: (e) => {
      toast.error(e instanceof Error ? e.message : t('error'));
      if (e instanceof ApiError && e.code === 102) qc.setQueryData(envelopeQuery(session.memberId).queryKey, null);
      else void refetch();
    },
  });

  const close = () => {
    setWon(null);
    void qc.invalidateQueries({ queryKey: keys.wallet.all() });
    void qc.invalidateQueries({ queryKey: keys.member.layouts() });
    void refetch();
  };

  const currency = session.currency ?? '';
  return (
    <>
      {envelope && (
        <button
          type="button"
          className="red-envelope"
          disabled={left === 0 || claim.isPending}
          onClick={() => claim.mutate(envelope.id)}
          aria-label={t('red_envelope_open')}
          data-testid="red-envelope"
        >
          <GiftIcon width={30} height={30} />
          <span className="red-envelope__title">{envelope.title || t('red_envelope')}</span>
          <span className="red-envelope__left" data-testid="red-envelope-left">
            {left > 0 ? formatLeft(left, t) : t('red_envelope_ended')}
          </span>
        </button>
      )}
      <Modal open={won !== null} onClose={close} title={t('red_envelope')} size="sm" testId="red-envelope-modal" closeTestId="red-envelope-close">
        <div className="red-envelope__won">
          <p>{t('red_envelope_won')}</p>
          <strong data-testid="red-envelope-cash">{won !== null ? formatMoney(won, currency, i18n.language) : ''}</strong>
        </div>
      </Modal>
    </>
  );
}
