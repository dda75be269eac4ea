// The route components of the content pages, loaded as one lazy chunk.
export { AppPage } from './components/AppPage';
export { ContentPage } from './components/ContentPage';
export { FaqEntryPage, FaqPage } from './components/FaqPage';
export { PromotionPage } from './components/PromotionPage';
export { PromotionsPage } from './components/PromotionsPage';
export { SponsorPage } from './components/SponsorPage';
