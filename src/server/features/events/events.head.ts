import { isEventId, type EventRecord } from '../../../shared/api/events';
import { poundsDecimal } from '../../../shared/domain/money';
import type { PageHead } from '../../http/spa';
import type { EventsService } from './events.service';
import { pageUrl } from '../../../shared/domain/page-paths';
import type { Language } from '../../../shared/domain/language';

const EVENT_PATH = /^\/events\/([^/]+)$/;

type Site = { publicUrl: string; shortName: string; siteName: string; shareImage: string };

/** schema.org's Event for search engines: when, where (a place, online or both), the offers and the organiser. */
export function eventJsonLd(event: EventRecord, url: string, site: Pick<Site, 'publicUrl' | 'siteName'>): object {
  const place = event.venue_name || event.venue_address;
  const physical = place
    ? { '@type': 'Place', name: event.venue_name ?? event.venue_address, address: event.venue_address ?? event.venue_name }
    : undefined;
  const virtual = event.online ? { '@type': 'VirtualLocation', url } : undefined;
  const location = physical && virtual ? [physical, virtual] : (physical ?? virtual);
  const prices = event.members_only ? [event.member_price_pence] : [...new Set([event.price_pence, event.member_price_pence])];
  const availability =
    event.booking_state === 'open'
      ? 'https://schema.org/InStock'
      : event.booking_state === 'waitlist'
        ? 'https://schema.org/SoldOut'
        : event.booking_state === 'not_open_yet'
          ? 'https://schema.org/PreOrder'
          : 'https://schema.org/Discontinued';
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.title,
    startDate: event.date,
    ...(event.end_date ? { endDate: event.end_date } : {}),
    description: event.description,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: physical
      ? virtual
        ? 'https://schema.org/MixedEventAttendanceMode'
        : 'https://schema.org/OfflineEventAttendanceMode'
      : virtual
        ? 'https://schema.org/OnlineEventAttendanceMode'
        : undefined,
    ...(location ? { location } : {}),
    offers: prices.map((pence) => ({
      '@type': 'Offer',
      price: poundsDecimal(pence),
      priceCurrency: 'GBP',
      availability,
      url,
      ...(event.members_only || (pence === event.member_price_pence && pence !== event.price_pence)
        ? { eligibleCustomerType: 'Member' }
        : {}),
    })),
    ...(event.image ? { image: [new URL(event.image, site.publicUrl).href] } : {}),
    url,
    organizer: { '@type': 'Organization', name: site.siteName, url: `${site.publicUrl}/` },
  };
}

/** For /events/{id}: the event's title, its description and an Event in JSON-LD. Null for unknown events. */
export async function eventPageHead(events: EventsService, path: string, site: Site, language: Language = 'en'): Promise<PageHead | null> {
  const id = EVENT_PATH.exec(path)?.[1];
  if (!isEventId(id)) return null;
  const event = await events.one(id, language).catch(() => null);
  if (!event) return null;
  // Always the English address: page-head.ts moves it to the page's own language where the event has one.
  const url = pageUrl(site.publicUrl, 'event', { eventId: event._id });
  const englishOnly = language === 'en' ? !(await events.translated(id)) : event.language === 'en';
  const title = `${site.shortName} | ${event.title}`;
  const description = event.description.replace(/\s+/g, ' ').trim().slice(0, 300) || event.title;
  // The event's own picture, else the site's share image.
  const image = event.image ? new URL(event.image, site.publicUrl).href : site.shareImage;
  const alt = event.image ? event.image_alt : '';
  return {
    title,
    description,
    canonical: url,
    meta: [
      { property: 'og:type', content: 'website' },
      { property: 'og:site_name', content: site.siteName },
      { property: 'og:title', content: event.title },
      { property: 'og:description', content: description },
      { property: 'og:url', content: url },
      { property: 'og:image', content: image },
      ...(alt ? [{ property: 'og:image:alt', content: alt }] : []),
      { name: 'twitter:card', content: 'summary_large_image' },
      { name: 'twitter:title', content: title },
      { name: 'twitter:description', content: description },
      { name: 'twitter:image', content: image },
      ...(alt ? [{ name: 'twitter:image:alt', content: alt }] : []),
    ],
    jsonLd: [eventJsonLd(event, url, site)],
    englishOnly,
  };
}
