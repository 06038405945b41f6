import type { ReactNode } from 'react';
import type { EventRecord } from '../../../shared/api/events';
import { formatPence } from '../../../shared/domain/money';
import { type IconPaths } from '../../components/icon';
import { Icon } from '../../components/icon';
import { cpdIcon } from '../../components/icons/cpd';
import { groupsIcon } from '../../components/icons/groups';
import { placeIcon } from '../../components/icons/place';
import { poundIcon } from '../../components/icons/pound';
import { useSiteText } from '../../lib/site-text';
import styles from './events.module.css';

/** "Free", "£10", or "£10 members, £25" when members pay less. */
export function usePriceText(): (event: Pick<EventRecord, 'member_price_pence' | 'price_pence' | 'members_only'>) => string {
  const { t, language } = useSiteText();
  return (event) => {
    const money = (pence: number) => (pence === 0 ? t('events.free') : formatPence(pence, language));
    if (event.members_only || event.member_price_pence === event.price_pence) return money(event.member_price_pence);
    return `${money(event.member_price_pence)} ${t('events.members_price')}, ${money(event.price_pence)}`;
  };
}

/** The place of an event in one line: venue and town, or "Online". */
export function placeLine(event: Pick<EventRecord, 'venue_name' | 'venue_address' | 'online'>, online: string): string | null {
  const firstLine = event.venue_address?.split('\n')[0]?.trim();
  const place = [event.venue_name, firstLine].filter(Boolean).join(', ');
  return place || (event.online ? online : null);
}

function Fact({ icon, children }: { icon: IconPaths; children: ReactNode }) {
  return (
    <li>
      <Icon paths={icon} />
      <span>{children}</span>
    </li>
  );
}

/** A card's short facts: place, price, members only, CPD hours, places left. Only those the event has. */
export function EventFacts({ event }: { event: EventRecord }) {
  const { t } = useSiteText();
  const price = usePriceText();
  const place = placeLine(event, t('events.online'));
  const bookable = event.capacity !== null || event.price_pence > 0 || event.member_price_pence > 0 || event.members_only;
  return (
    <ul className={styles.facts}>
      {place && <Fact icon={placeIcon}>{place}</Fact>}
      {bookable && (
        <Fact icon={poundIcon}>
          {price(event)}
          {event.members_only && ` · ${t('events.members_only')}`}
        </Fact>
      )}
      {event.cpd_hours !== null && (
        <Fact icon={cpdIcon}>
          {event.cpd_hours} {t('event.cpd_hours')}
        </Fact>
      )}
      {event.places_left !== null && event.booking_state !== 'closed' && (
        <Fact icon={groupsIcon}>{event.places_left === 0 ? t('events.full') : `${event.places_left} ${t('events.places_left')}`}</Fact>
      )}
    </ul>
  );
}
