export interface Bulletin {
  id: number;
  title: string;
  /** 0 both, 1 desktop, 2 mobile */
  display_device: 0 | 1 | 2;
  /** sanitised HTML for the pop-up */
  display_content: string;
  /** plain-text summary for the history list */
  content: string;
  sort: number;
  updated_at: string;
}

/** 0 once, 1 once per browser session, 2 every page load */
export type DisplayFrequency = 0 | 1 | 2;

export interface BulletinSet {
  list: Bulletin[];
  frequency: DisplayFrequency;
}
