// Public surface of the wallet feature (issue 10) for every page: the
// real-time refresh, the balance dialog and fast payment's opener. The
// member-centre pages are in ./pages, loaded with the member centre.
import './modals';

export { WalletSession } from './components/WalletSession';
export { openFastPayment } from './payment-window';
