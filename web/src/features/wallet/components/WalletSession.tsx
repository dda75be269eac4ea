import { useWalletSession } from '../hooks/useWalletSession';

/** The wallet's part of every page (rendered once by the app root). */
export function WalletSession() {
  useWalletSession();
  return null;
}
