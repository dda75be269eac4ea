export { BonusOffers } from './components/BonusOffers';
export { BonusPage } from './components/BonusPage';
