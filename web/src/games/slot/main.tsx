import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { detectLang, setLang } from '../shared/i18n';
import { sessionIdFromUrl } from '../shared/useGameSession';
import '../shared/game.css';
import { SlotGame } from './SlotGame';

setLang(detectLang());
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SlotGame sessionId={sessionIdFromUrl()} />
  </StrictMode>,
);
