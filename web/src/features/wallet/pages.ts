// The wallet's member-centre pages (loaded with the member centre's chunk).
export { DepositPage } from './components/DepositPage';
export { WithdrawalPage } from './components/WithdrawalPage';
export { MyWalletPage } from './components/MyWalletPage';
export { TransactionPage } from './components/TransactionPage';
export { DWRecordPage } from './components/DWRecordPage';
export { BankAccountsSection } from './components/BankAccountsSection';
