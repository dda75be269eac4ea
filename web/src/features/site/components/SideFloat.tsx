import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { browser, isExternalUrl } from '@/lib/browser';
import { useLanguage } from '@/lib/use-language';
import { floatQuery } from '../api/site';
import { useEnvConfig } from '@/site';
import type { FloatItem } from '../types';
import './footer.css';

export function useSideFloatItems(): FloatItem[] {
  const lang = useLanguage();
  return useQuery(floatQuery(lang)).data ?? [];
}

export function SideFloat() {
  const env = useEnvConfig();
  const navigate = useNavigate();
  const items = useSideFloatItems();

  const activate = (item: FloatItem) => {
    if (item.type === 'go_top') {
      window.scrollTo({ top: 0, behavior: 'smooth' });
      return;
    }
    const url = item.url || (item.type === 'custom_service' ? env.customer_service_url ?? '' : '');
    if (!url) return;
    if (isExternalUrl(url)) browser.open(url);
    else navigate(url);
  };

  if (!items.length) return null;
  return (
    <aside className="side-float" data-testid="side-float">
      {items.map((item) => (
        <button
          key={item.id}
          type="button"
          className="side-float__item"
          aria-label={item.title}
          data-testid={`side-float-${item.type}`}
          onClick={() => activate(item)}
        >
          <img src={item.icon} alt="" />
          <span className="side-float__tip">{item.title}</span>
        </button>
      ))}
    </aside>
  );
}
