import { useCurrentUser } from '../../api/session';
import { useLanguage } from '../../i18n';
import './i18n';
import { PageHeader } from '../../ui/page-header';
import { PageOutlet } from '../../ui/page-outlet';
import { SubNav } from '../../ui/sub-nav';

/**
 * The tabs of 'Settings And Details', each its own route under /settings. A tab is added here and
 * as a child route of /settings in the router.
 */
export const SETTINGS_TABS = [
  { tab: 'userdetails', to: '/settings/userdetails' },
  { tab: 'bankdetails', to: '/settings/bankdetails' },
  { tab: 'hiearchy', to: '/settings/hiearchy' },
  { tab: 'certifications', to: '/settings/certifications' },
  { tab: 'licences', to: '/settings/licences' },
  { tab: 'security', to: '/settings/security' },
  { tab: 'notifications', to: '/settings/notifications' },
  { tab: 'privacy', to: '/settings/privacy' },
] as const;

/** /settings/*: the page title, the tabs (the active one highlighted) and the tab's content. */
export function SettingsLayout() {
  // An administrator who must turn on two-factor sign-in first sees only the tab where it is done.
  const { mfa_setup_required } = useCurrentUser();
  const { t } = useLanguage();
  const tabs = (mfa_setup_required ? SETTINGS_TABS.filter((tab) => tab.to === '/settings/security') : SETTINGS_TABS).map(({ tab, to }) => ({
    label: t(`settings.tabs.${tab}`),
    to,
  }));
  return (
    <>
      <PageHeader title={t('settings.title')} description={t('settings.description')} />
      <SubNav label={t('settings.tabsLabel')} labelHidden wrap items={tabs} />
      <PageOutlet />
    </>
  );
}
