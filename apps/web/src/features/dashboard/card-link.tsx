import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../ui/button';

/** The link at the foot of a dashboard card to the page behind its figures. */
export function CardLink({ to, children }: { to: string; children: string }) {
  return (
    <Link to={to} className={buttonClasses({ variant: 'link', className: 'mt-3 inline-flex gap-1 [&_svg]:size-4' })}>
      {children}
      <ArrowRight aria-hidden="true" />
    </Link>
  );
}
