// Content pages: promotions (/discount), FAQ (/faq), content pages (/main),
// sponsorships (/sponsor), the app page (/app), the discount and protocol
// modals, the terms link and the sport quick-bet entry.
import './modals';

export { pageLoader } from './loaders';
export { TermsLink } from './components/TermsLink';
export { SportQuickBet } from './components/SportQuickBet';
