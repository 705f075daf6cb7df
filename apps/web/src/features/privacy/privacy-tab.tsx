import { AccessListSection } from './access-list-section';
import { MyDataSection } from './my-data-section';

/** Settings → Privacy (decision 027): download one's data, ask for erasure, and see who opened one's sensitive data. */
export function PrivacyTab() {
  return (
    <div className="space-y-6">
      <MyDataSection />
      <AccessListSection />
    </div>
  );
}
