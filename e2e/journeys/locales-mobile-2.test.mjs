// Issue 15's journey per locale in the mobile template, part 2 of 2 (e2e/lib/locales.mjs).
import { localeJourneys } from '../lib/locales.mjs';

localeJourneys('mobile', 1, 1);
