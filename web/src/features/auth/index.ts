// Public surface of the auth feature, for app/ and templates/.
import './modals';

export { AuthButtons } from './components/AuthButtons';
export { MemberSession } from './components/MemberSession';
export { infoData } from './api/auth';
