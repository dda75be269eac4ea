export { BulletinPopup } from './components/BulletinPopup';
export { BulletinHistoryButton } from './components/BulletinHistoryButton';
export { shouldShowBulletin, bulletinSignature } from './frequency';
