import { useEnvConfig } from '@/site';
import './footer.css';

export function SeoContent() {
  const env = useEnvConfig();
  const html = env.seo?.content;
  if (!html) return null;
  // The server sanitises env_config.seo.content; it is one of the two fields
  // rendered as HTML (the other is a bulletin's display_content).
  return (
    <div className="container">
      <section className="seo-content" data-testid="seo-content" dangerouslySetInnerHTML={{ __html: html }} />
    </div>
  );
}
