export { CashBackPage } from './components/CashBackPage';
