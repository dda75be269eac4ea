import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { destroyLetter, letterListQuery, lettersKey, readLetter, type Letter } from '@/api';
import { formatDateTime } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useLanguage } from '@/lib/use-language';
import './letters.css';

/** The member centre's Letter page: one row open at a time; opening an unread letter reads it. */
export function LetterPage() {
  const { t, i18n } = useTranslation();
  const lang = useLanguage();
  const { memberId } = useSession();
  const qc = useQueryClient();
  const [open, setOpen] = useState<number | null>(null);
  const { data, isPending } = useQuery(letterListQuery(memberId, lang));
  const refresh = () => qc.invalidateQueries({ queryKey: lettersKey() });
  const read = useMutation({ mutationFn: readLetter, onSettled: refresh });
  const remove = useMutation({
    mutationFn: (id: number) => destroyLetter(lang, id),
    onSuccess: () => toast.success(t('letter_deleted')),
    onSettled: refresh,
  });

  const toggle = (l: Letter) => {
    const opening = open !== l.id;
    setOpen(opening ? l.id : null);
    if (opening && !l.is_read) read.mutate(l.id);
  };

  return (
    <section className="uc-card letters" data-testid="letter-page">
      <header className="uc-card__head">
        <h2>{t('uc_Letter')}</h2>
        {!!data && (
          <span className="muted" data-testid="letter-counts">
            {t('letter_unread_of', { unread: data.unread_count, total: data.total_count })}
          </span>
        )}
      </header>
      {!isPending && !data?.list.length && (
        <p className="muted" data-testid="letter-empty">
          {t('letter_empty')}
        </p>
      )}
      <ul className="letters__list">
        {data?.list.map((l) => (
          <li key={l.id} className={`letters__row${l.is_read ? '' : ' is-unread'}${open === l.id ? ' is-open' : ''}`} data-testid={`letter-${l.id}`}>
            <button type="button" className="letters__head link-reset" aria-expanded={open === l.id} onClick={() => toggle(l)} data-testid="letter-toggle">
              {!l.is_read && <span className="letters__dot" aria-label={t('letter_unread')} />}
              <span className="letters__title">{l.title}</span>
              <time className="muted">{formatDateTime(l.created_at, i18n.language)}</time>
            </button>
            {open === l.id && (
              <div className="letters__body">
                {/* Operator HTML, sanitised by the server when written and again when served. */}
                <div className="letters__content" dangerouslySetInnerHTML={{ __html: l.content }} />
                <button type="button" className="btn btn--ghost btn--sm" disabled={remove.isPending} onClick={() => remove.mutate(l.id)} data-testid="letter-delete">
                  {t('delete')}
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
