import { useId } from 'react';
import { useTranslation } from 'react-i18next';

const SearchIcon = () => (
  <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
    <circle cx="11" cy="11" r="6.5" />
    <path d="M16 16l4.5 4.5" />
  </svg>
);

/** A name search over the catalogue (beyond the spec). */
export function GameSearch({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="game-search" role="search">
      <label htmlFor={id} className="sr-only">
        {t('search_games')}
      </label>
      <SearchIcon />
      <input
        id={id}
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={t('search_placeholder')}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={60}
        data-testid="game-search"
      />
      {value && (
        <button type="button" className="game-search__clear" onClick={() => onChange('')} aria-label={t('close')}>
          ×
        </button>
      )}
    </div>
  );
}
