import { SubNav } from '../../ui/sub-nav';
import { useLanguage } from '../../i18n';

const ITEMS = [{ label: 'sales.viewYours', to: '/sales/salesview' }] as const;

/** The sales area's sub-navigation: 'Your Sales' with View Your Sales. */
export function SalesNav() {
  const { t } = useLanguage();
  return <SubNav label={t('sales.areaNav')} items={ITEMS.map((item) => ({ ...item, label: t(item.label) }))} />;
}
