// Issue 15's journey per locale in the desktop template, part 1 of 2 (e2e/lib/locales.mjs).
import { localeJourneys } from '../lib/locales.mjs';

localeJourneys('desktop', 0, 0);
