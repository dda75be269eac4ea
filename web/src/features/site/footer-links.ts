export type FooterLinkKind = 'outer' | 'main' | 'faq' | 'internal';

export interface ClassifiedLink {
  kind: FooterLinkKind;
  href: string;
  id?: string;
}

/** Spec section 2: footer links are outer (http/https), main/{id} or faq/{id}. */
export function classifyFooterLink(url: string): ClassifiedLink {
  const u = url.trim();
  if (/^https?:\/\//i.test(u)) return { kind: 'outer', href: u };
  const m = /^\/?(main|faq)\/([^/?#]+)/.exec(u);
  if (m) return { kind: m[1] as 'main' | 'faq', id: m[2], href: `/${m[1]}/${m[2]}` };
  return { kind: 'internal', href: u.startsWith('/') ? u : `/${u}` };
}
