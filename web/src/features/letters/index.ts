export { LetterBell } from './components/LetterBell';
export { LetterPage } from './components/LetterPage';
export { LetterSession } from './components/LetterSession';
