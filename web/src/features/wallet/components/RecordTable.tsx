import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface RecordTableProps {
  /** Test ids are `${prefix}-loading`, `-empty` and `-table`. */
  prefix: string;
  pending: boolean;
  failed: boolean;
  empty: boolean;
  /** The header cells. */
  head: ReactNode;
  /** The rows. */
  children: ReactNode;
}

/** A member's record list: a skeleton while loading, a notice when empty or failed, else the table. */
export function RecordTable({ prefix, pending, failed, empty, head, children }: RecordTableProps) {
  const { t } = useTranslation();
  if (pending) return <div className="skeleton uc-skeleton" data-testid={`${prefix}-loading`} />;
  if (empty)
    return (
      <p className="muted wallet-empty" data-testid={`${prefix}-empty`}>
        {failed ? t('wallet_failed') : t('wallet_no_records')}
      </p>
    );
  return (
    <div className="wallet-table-wrap">
      <table className="wallet-table" data-testid={`${prefix}-table`}>
        <thead>
          <tr>{head}</tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
