import { SubNav } from '../../ui/sub-nav';

const ITEMS = [
  { label: 'Add New Deals', to: '/deals/dealsinput' },
  { label: 'View Your Deals', to: '/deals/dealsview' },
] as const;

/** The deals area's sub-navigation (spec §2 Layout): 'Your Deals' with Add New Deals and View Your Deals. */
export function DealsNav() {
  return <SubNav label="Your Deals" items={ITEMS} />;
}
