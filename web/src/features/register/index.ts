// Public surface of the register feature: its modal (the /register page is a lazy route).
import './modals';
