import './games.css';
import { Modal } from '@/components/ui/Modal';

/**
 * The demo game modal: the game page in an iframe of our origin. The page is
 * its own title bar (name, play-money badge, balance, close), so the modal
 * adds none; the page's close button posts quickGame and the host closes
 * this modal on it.
 */
export default function GameFrameModal({ url, title, onClose }: { url: string; title: string; onClose: () => void }) {
  return (
    <Modal open onClose={onClose} size="game" headless label={title} testId="game-modal">
      <iframe className="game-frame" src={url} title={title} allow="fullscreen; autoplay" data-testid="game-frame" />
    </Modal>
  );
}
