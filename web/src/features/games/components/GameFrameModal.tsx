import './games.css';
import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/ui/Modal';

/**
 * The demo game modal: the game page in an iframe of our origin. The page's
 * close button posts quickGame; the host closes this modal on it.
 */
export default function GameFrameModal({ url, title, onClose }: { url: string; title: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      onClose={onClose}
      size="game"
      title={
        <>
          {title} <span className="game-frame__note">{t('demo_play_note')}</span>
        </>
      }
      testId="game-modal"
      closeTestId="game-modal-close"
    >
      <iframe className="game-frame" src={url} title={title} allow="fullscreen; autoplay" data-testid="game-frame" />
    </Modal>
  );
}
