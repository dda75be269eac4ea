export { AuthButtons } from './components/AuthButtons';
export type { AuthTab } from './components/AuthModal';
