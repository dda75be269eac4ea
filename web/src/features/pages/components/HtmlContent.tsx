import './pages.css';

/** Operator HTML of a page: the server rebuilt it from an allow-list when it was written and again when served. */
export function HtmlContent({ html, testId }: { html: string; testId?: string }) {
  return <div className="page-html" data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />;
}
