import { EVENT_CALENDAR_PATH, EVENTS_CALENDAR_PATH, fillPath } from '../../../shared/domain/link-paths';
import type { Language } from '../../../shared/domain/language';

// Calendar files follow the page's language (decision 180): an Armenian page's links ask for the
// Armenian words and the Armenian event pages.
const inLanguageOf = (path: string, language: Language) => (language === 'en' ? path : `${path}?lang=${language}`);

/** One event's .ics, in a language. */
export const eventCalendarPath = (id: string, language: Language) => inLanguageOf(fillPath(EVENT_CALENDAR_PATH, { id }), language);

/** The feed of every event, in a language. */
export const eventsCalendarPath = (language: Language) => inLanguageOf(EVENTS_CALENDAR_PATH, language);
