import './modals';

export { BulletinPopup } from './components/BulletinPopup';
export { BulletinHistoryButton } from './components/BulletinHistoryButton';
export { AnnouncementPage } from './components/AnnouncementPage';
