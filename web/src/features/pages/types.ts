/** A promotion, FAQ entry, content page or the app page as a list shows it. */
export interface PageItem {
  id: number;
  title: string;
  summary: string;
  image: string;
  /** RFC 3339, '' when open-ended */
  start_at: string;
  end_at: string;
  sort: number;
  updated_at: string;
}

/** The page with its operator HTML (sanitised by the server). */
export interface PageDetail extends PageItem {
  content: string;
}

/** The kinds of page, as the routes name them. */
export type PageKind = 'discount' | 'faq' | 'main' | 'app';

export interface SponsorItem {
  id: number;
  title: string;
  photo: string;
  content: string;
  url: string;
  sort: number;
}
