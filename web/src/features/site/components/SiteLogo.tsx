import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { logoQuery } from '../api/site';
import { useEnvConfig } from '@/site';

export function SiteLogo({ type }: { type: 'desktop' | 'mobile' }) {
  const env = useEnvConfig();
  const { data } = useQuery(logoQuery());
  const src = data?.find((l) => l.type === type)?.photo_path;
  return (
    <Link to="/" className={`site-logo site-logo--${type}`} aria-label={env.site_name} data-testid="site-logo">
      {src ? <img src={src} alt={env.site_name} /> : <span className="site-logo__text">{env.site_name}</span>}
    </Link>
  );
}
