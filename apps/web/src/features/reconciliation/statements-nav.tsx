import { useLocation } from 'react-router';
import { SubNav } from '../../ui/sub-nav';

const IMPORTS = '/admin/statements';
const MISSING = '/admin/statements/missing';

/** Statements' two screens: the imports (with each one's reconciliation page) and the missing commissions. */
export function StatementsNav() {
  const { pathname } = useLocation();
  return (
    <SubNav
      label="Statements"
      labelHidden
      current={pathname.startsWith(MISSING) ? MISSING : IMPORTS}
      items={[
        { label: 'Imports', to: IMPORTS },
        { label: 'Missing commissions', to: MISSING },
      ]}
    />
  );
}
