import type { TemplateConfig } from '@/features/site';
import { mobileTemplateName } from '@/site';

export type HomeSection = 'carousel' | 'marquee' | 'jackpot' | 'game_types';

export interface MobileVariant {
  name: string;
  themeColor: string;
  sections: HomeSection[];
  /** how the game types are laid out under the tabs */
  cards: 'grid' | 'rows';
}

const SECTIONS: readonly HomeSection[] = ['carousel', 'marquee', 'jackpot', 'game_types'];

// The eight named mobile variants (spec section 2). The server's
// template_config may override colour and section order; these are the
// defaults when it is silent.
export const MOBILE_VARIANTS: Record<string, MobileVariant> = {
  H5_1: { name: 'H5_1', themeColor: '#f5c542', sections: ['carousel', 'marquee', 'jackpot', 'game_types'], cards: 'grid' },
  H5_2: { name: 'H5_2', themeColor: '#34d399', sections: ['marquee', 'carousel', 'jackpot', 'game_types'], cards: 'grid' },
  H5_3: { name: 'H5_3', themeColor: '#fb7185', sections: ['carousel', 'jackpot', 'marquee', 'game_types'], cards: 'rows' },
  H5_4: { name: 'H5_4', themeColor: '#38bdf8', sections: ['carousel', 'marquee', 'game_types', 'jackpot'], cards: 'grid' },
  H5_5: { name: 'H5_5', themeColor: '#b18cff', sections: ['jackpot', 'carousel', 'marquee', 'game_types'], cards: 'rows' },
  H5_6: { name: 'H5_6', themeColor: '#fb923c', sections: ['carousel', 'marquee', 'jackpot', 'game_types'], cards: 'rows' },
  H5_7: { name: 'H5_7', themeColor: '#2dd4bf', sections: ['marquee', 'jackpot', 'carousel', 'game_types'], cards: 'grid' },
  H5_8: { name: 'H5_8', themeColor: '#f472b6', sections: ['carousel', 'game_types', 'marquee', 'jackpot'], cards: 'grid' },
};

export function resolveMobileVariant(name: string | undefined, server?: TemplateConfig | null): MobileVariant {
  const base = MOBILE_VARIANTS[mobileTemplateName(name)];
  if (!server) return base;
  let sections = (server.home_sections ?? []).filter((s): s is HomeSection => SECTIONS.includes(s as HomeSection));
  if (!sections.length) sections = [...base.sections];
  if (server.show_jackpot === false) sections = sections.filter((s) => s !== 'jackpot');
  if (server.show_marquee === false) sections = sections.filter((s) => s !== 'marquee');
  const themeColor = server.theme_color && /^#[0-9a-f]{3,8}$/i.test(server.theme_color) ? server.theme_color : base.themeColor;
  return { ...base, themeColor, sections };
}
