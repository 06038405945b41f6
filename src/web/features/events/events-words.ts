import { defineWords } from '../../lib/words';

/** Words of the events pages only staff see (decision 190): the way from an event to its bookings. */
export const eventsWords = defineWords(
  {
    bookingsAndCheckIn: 'Bookings and check-in',
  },
  {
    bookingsAndCheckIn: 'Ամրագրումներ և գրանցում',
  },
);
