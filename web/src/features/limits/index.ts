export { LimitsOffer } from './components/LimitsOffer';
