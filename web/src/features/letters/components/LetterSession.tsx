import { useLetterEvents } from '../hooks/useLetterEvents';

/** Mounted once: keeps the letters current on every page. */
export function LetterSession() {
  useLetterEvents();
  return null;
}
