/**
 * Event (and booking) ids are the site's UUIDs; anything else is no event. The contract, the
 * server's routes and the pages (which check an address before asking) share it.
 */
const EVENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const isEventId = (id: string | undefined): id is string => id !== undefined && EVENT_ID.test(id);
