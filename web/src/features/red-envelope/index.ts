export { RedEnvelope } from './components/RedEnvelope';
