import { SubNav } from '../../ui/sub-nav';

const ITEMS = [{ label: 'View Your Sales', to: '/sales/salesview' }] as const;

/** The sales area's sub-navigation (spec §2 Layout): 'Your Sales' with View Your Sales. */
export function SalesNav() {
  return <SubNav label="Your Sales" items={ITEMS} />;
}
