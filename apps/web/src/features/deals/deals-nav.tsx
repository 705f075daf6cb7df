import { SubNav } from '../../ui/sub-nav';
import { useLanguage } from '../../i18n';

const ITEMS = [
  { label: 'deals.addNew', to: '/deals/dealsinput' },
  { label: 'deals.viewYours', to: '/deals/dealsview' },
] as const;

/** The deals area's sub-navigation: 'Your Deals' with Add New Deals and View Your Deals. */
export function DealsNav() {
  const { t } = useLanguage();
  return <SubNav label={t('deals.areaNav')} items={ITEMS.map((item) => ({ ...item, label: t(item.label) }))} />;
}
