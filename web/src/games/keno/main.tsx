import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { detectLang, setLang } from '../shared/i18n';
import { sessionIdFromUrl } from '../shared/useGameSession';
import '../shared/game.css';
import { KenoGame } from './KenoGame';

setLang(detectLang());
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <KenoGame sessionId={sessionIdFromUrl()} />
  </StrictMode>,
);
