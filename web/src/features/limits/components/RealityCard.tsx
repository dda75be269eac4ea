import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Field } from '@/components/ui/Field';
import { useSession } from '@/lib/session';
import { realityQuery, setReality } from '../api/limits';

/** The member's reality-check interval: one of the offered choices, or the site's default. */
export function RealityCard() {
  const { t } = useTranslation();
  const session = useSession();
  const qc = useQueryClient();
  const reality = useQuery(realityQuery(session.memberId));
  const [busy, setBusy] = useState(false);
  if (!reality.data) return null;
  const r = reality.data;
  const change = async (v: string) => {
    setBusy(true);
    try {
      const next = await setReality(v === '' ? null : Number(v));
      qc.setQueryData(realityQuery(session.memberId).queryKey, next);
      toast.success(t('reality_saved'), { id: 'reality' });
    } catch (e) {
      toast.error(e instanceof Error ? e.message : t('reality_ack_failed'), { id: 'reality' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="limits-reality" data-testid="reality-card">
      <h3>{t('reality_setting')}</h3>
      <p className="muted">{t('reality_setting_intro')}</p>
      <Field name="reality-minutes" label={t('reality_interval')}>
        {(id) => (
          <select id={id} className="input" value={r.chosen ?? ''} disabled={busy} onChange={(e) => void change(e.target.value)} data-testid="reality-minutes">
            <option value="">{r.site_default > 0 ? t('reality_site_default', { n: r.site_default }) : t('reality_site_default_off')}</option>
            {r.choices.map((n) => (
              <option key={n} value={n}>
                {t('limit_minutes_value', { n })}
              </option>
            ))}
          </select>
        )}
      </Field>
    </div>
  );
}
