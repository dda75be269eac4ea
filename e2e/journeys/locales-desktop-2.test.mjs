// Issue 15's journey per locale in the desktop template, part 2 of 2 (e2e/lib/locales.mjs).
import { localeJourneys } from '../lib/locales.mjs';

localeJourneys('desktop', 0, 1);
