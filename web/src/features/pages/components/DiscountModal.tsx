import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Modal } from '@/components/ui/Modal';
import type { ModalProps } from '@/lib/modals';
import { usePage } from '../hooks/usePages';
import { HtmlContent } from './HtmlContent';
import { PromoPeriod } from './PromoPeriod';

/** The discount modal: one promotion over the list it was opened from, with a link to its page. */
export default function DiscountModal({ data, onClose }: ModalProps<{ id: number }>) {
  const { t } = useTranslation();
  const { data: promo, isError } = usePage('discount', data?.id);
  return (
    <Modal
      open
      onClose={onClose}
      size="lg"
      title={promo?.title ?? t('discount')}
      testId="discount-modal"
      closeTestId="discount-modal-close"
      footer={
        promo && (
          <Link to={`/discount/${promo.id}`} className="btn btn--gold" onClick={onClose} data-testid="discount-modal-page">
            {t('promo_open_page')}
          </Link>
        )
      }
    >
      {isError && <p className="muted">{t('page_not_found')}</p>}
      {!promo && !isError && <div className="skeleton content-page__loading" />}
      {promo && (
        <article className="promo-detail">
          {promo.image && <img className="promo-detail__image" src={promo.image} alt="" />}
          <PromoPeriod item={promo} />
          <HtmlContent html={promo.content} testId="discount-modal-content" />
        </article>
      )}
    </Modal>
  );
}
