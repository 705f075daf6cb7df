import { PageHeader } from '../../ui/page-header';
import { PageOutlet } from '../../ui/page-outlet';
import { SubNav } from '../../ui/sub-nav';

/** Admin Panel → Privacy (decision 027): its screens, each a child route of /admin/privacy. */
export const ADMIN_PRIVACY_TABS = [
  { label: 'Requests', to: '/admin/privacy/requests' },
  { label: 'Access log', to: '/admin/privacy/accesslog' },
  { label: 'Privacy notice', to: '/admin/privacy/notice' },
] as const;

export function AdminPrivacyLayout() {
  return (
    <>
      <PageHeader
        title="Privacy"
        description="Data subjects' requests and their deadlines, who opened sensitive data, and the privacy notice agents accept."
      />
      <SubNav label="Privacy" labelHidden wrap items={ADMIN_PRIVACY_TABS} />
      <PageOutlet />
    </>
  );
}
