import { CommitteeSection } from '../features/committee/committee-section';
import { EventsSummary } from '../features/events/events-summary';
import { HomePage } from '../features/home/home-page';

/** The home page with the sections other features own, in the order docs/product.md gives. */
export function HomeRoute() {
  return (
    <HomePage>
      <EventsSummary />
      <CommitteeSection />
    </HomePage>
  );
}
