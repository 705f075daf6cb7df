import { useCurrentUser } from '../../api/session';
import { PageHeader } from '../../ui/page-header';
import { PageOutlet } from '../../ui/page-outlet';
import { SubNav } from '../../ui/sub-nav';

/**
 * The tabs of 'Settings And Details' (spec §2 Settings), each its own route under /settings. A tab
 * is added here and as a child route of /settings in the router.
 */
export const SETTINGS_TABS = [
  { label: 'Personal Details', to: '/settings/userdetails' },
  { label: 'Bank Details', to: '/settings/bankdetails' },
  { label: 'Hiearchy', to: '/settings/hiearchy' },
  { label: 'Certifications', to: '/settings/certifications' },
  { label: 'Licences', to: '/settings/licences' },
  { label: 'Security', to: '/settings/security' },
  { label: 'Notifications', to: '/settings/notifications' },
  { label: 'Privacy', to: '/settings/privacy' },
] as const;

/** /settings/*: the page title, the tabs (the active one highlighted) and the tab's content. */
export function SettingsLayout() {
  // An administrator who must turn on two-factor sign-in first sees only the tab where it is done.
  const { mfa_setup_required } = useCurrentUser();
  const tabs = mfa_setup_required ? SETTINGS_TABS.filter((tab) => tab.to === '/settings/security') : SETTINGS_TABS;
  return (
    <>
      <PageHeader
        title="Settings And Details"
        description="Your profile, payout details, place in the agency, certifications, licences, password, notifications and privacy."
      />
      <SubNav label="Settings tabs" labelHidden wrap items={tabs} />
      <PageOutlet />
    </>
  );
}
