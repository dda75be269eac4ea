// Public surface of the member-centre feature.
export { MemberCentre } from './components/MemberCentre';
export { resolvePage, MENU } from './menu';
