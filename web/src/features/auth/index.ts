// Public surface of the auth feature, for app/ and templates/.
export { AuthButtons, MemberBar } from './components/AuthButtons';
export type { AuthTab } from './components/AuthModal';
export { MemberSession, MEMBER_WINDOWS, notifyNativeLogin } from './components/MemberSession';
export { openMemberCentre } from './member-centre';
export { infoData, layoutQuery, profileQuery } from './api/auth';
export { performLogout, logoutNeedsConfirm } from './logout';
export type { MemberLayout, MemberProfile, Challenge } from './types';
