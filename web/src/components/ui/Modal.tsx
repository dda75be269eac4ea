import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from './icons';
import './modal.css';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** game: nearly the whole screen, no body padding (a game's iframe) */
  size?: 'sm' | 'md' | 'lg' | 'game';
  testId?: string;
  closeTestId?: string;
  /**
   * No header of its own, named by `label` instead: for content that brings
   * its own title bar and close button (a game page). Esc and a click beside
   * it still close it.
   */
  headless?: boolean;
  label?: string;
}

// Open modals, oldest first: Escape closes only the one on top, and the body
// stays scroll-locked until the last one closes.
const stack: symbol[] = [];

export function Modal({ open, onClose, title, children, footer, size = 'md', testId, closeTestId, headless, label }: ModalProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    if (!open) return;
    const me = Symbol('modal');
    const previous = document.activeElement as HTMLElement | null;
    stack.push(me);
    document.body.classList.add('modal-open');
    panel.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && stack[stack.length - 1] === me) closeRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      stack.splice(stack.indexOf(me), 1);
      if (!stack.length) document.body.classList.remove('modal-open');
      previous?.focus?.();
    };
  }, [open]);

  if (!open) return null;
  return createPortal(
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={panel}
        className={`modal modal--${size}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={title && !headless ? titleId : undefined}
        aria-label={headless ? label : undefined}
        tabIndex={-1}
        data-testid={testId}
      >
        {!headless && (
          <header className="modal__head">
            {title && (
              <h2 id={titleId} className="modal__title">
                {title}
              </h2>
            )}
            <button type="button" className="modal__close" onClick={onClose} aria-label={t('close')} data-testid={closeTestId}>
              <CloseIcon />
            </button>
          </header>
        )}
        <div className="modal__body">{children}</div>
        {footer && <footer className="modal__foot">{footer}</footer>}
      </div>
    </div>,
    document.body,
  );
}
