import { useTranslation } from 'react-i18next';

export interface Range {
  from: string;
  to: string;
}

/** From and to days (YYYY-MM-DD, to inclusive): what the record calls filter on. */
export function DateRange({ value, onChange, testId, min }: { value: Range; onChange: (r: Range) => void; testId: string; min?: string }) {
  const { t } = useTranslation();
  return (
    <div className="wallet-range" data-testid={testId}>
      <label>
        <span className="muted">{t('wallet_from')}</span>
        <input type="date" className="input" value={value.from} min={min} max={value.to || undefined} onChange={(e) => onChange({ ...value, from: e.target.value })} data-testid={`${testId}-from`} />
      </label>
      <label>
        <span className="muted">{t('wallet_to')}</span>
        <input type="date" className="input" value={value.to} min={value.from || min} onChange={(e) => onChange({ ...value, to: e.target.value })} data-testid={`${testId}-to`} />
      </label>
    </div>
  );
}
