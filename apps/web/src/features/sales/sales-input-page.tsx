import { ArrowRight, Handshake } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../ui/button';
import { Card } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { PageHeader } from '../../ui/page-header';
import { SalesNav } from './sales-nav';

/**
 * /sales/salesinput: the spec keeps the route but shows no content for it. Sales are made from
 * deals ('Make as Sales' on the Deals Table), so this page says so and links on: no dead end.
 */
export function SalesInputPage() {
  return (
    <>
      <SalesNav />
      <PageHeader title="Sales" />
      <Card>
        <EmptyState
          icon={<Handshake />}
          title="Sales are made from your deals"
          description="Open a deal in your Deals Table and choose Make as Sales. Your sales records are under View Your Sales, above."
          action={
            <Link to="/deals/dealsview" className={buttonClasses()}>
              Go to Deals Table
              <ArrowRight aria-hidden="true" />
            </Link>
          }
        />
      </Card>
    </>
  );
}
