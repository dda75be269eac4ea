import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDown } from '@/components/ui/icons';
import { isLanguage } from '@/lib/locale';
import { useLanguage } from '@/lib/use-language';
import { changeLanguage } from '../change-language';
import './language-selector.css';

export interface LanguageOption {
  code: string;
  name: string;
  flag: string;
}

interface Props {
  languages: readonly LanguageOption[];
  compact?: boolean;
}

export function LanguageSelector({ languages, compact }: Props) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const listId = useId();
  const current = languages.find((l) => l.code === lang);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const choose = (code: string) => {
    setOpen(false);
    if (code === lang || !isLanguage(code)) return;
    changeLanguage(code);
  };

  return (
    <div className={`lang-select${compact ? ' lang-select--compact' : ''}`} ref={root}>
      <button
        type="button"
        className="lang-select__button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={t('language')}
        data-testid="language-selector"
        onClick={() => setOpen((o) => !o)}
      >
        {current?.flag && <img src={current.flag} alt="" className="lang-select__flag" />}
        {!compact && <span>{current?.name ?? lang}</span>}
        <ChevronDown width={14} height={14} />
      </button>
      {open && (
        <ul className="lang-select__list" role="listbox" id={listId} aria-label={t('language')}>
          {languages.map((l) => (
            <li key={l.code} role="option" aria-selected={l.code === lang}>
              <button
                type="button"
                className={`lang-select__option${l.code === lang ? ' is-active' : ''}`}
                data-testid={`lang-option-${l.code}`}
                onClick={() => choose(l.code)}
              >
                <img src={l.flag} alt="" className="lang-select__flag" />
                <span>{l.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
