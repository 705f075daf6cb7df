import { useId, type HTMLAttributes, type ReactNode } from 'react';
import { cn } from '../lib/cn';

/** A white surface with a subtle border and shadow. */
export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('rounded-xl border border-slate-200 bg-white shadow-sm', className)} {...props} />;
}

interface CardSectionProps {
  /** The card heading; it also names the card as a region for assistive technology. */
  title: ReactNode;
  description?: ReactNode;
  /** A decorative icon shown before the title. */
  icon?: ReactNode;
  /** Content at the right of the heading row. */
  actions?: ReactNode;
  /** Heading level of the title (default h2). */
  headingLevel?: 'h2' | 'h3';
  className?: string;
  bodyClassName?: string;
  children?: ReactNode;
  'aria-busy'?: boolean;
}

/** A titled card: a <section> named by its heading, with a header row and a body. */
export function CardSection({
  title,
  description,
  icon,
  actions,
  headingLevel: Heading = 'h2',
  className,
  bodyClassName,
  children,
  ...rest
}: CardSectionProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      aria-busy={rest['aria-busy']}
      className={cn('flex flex-col rounded-xl border border-slate-200 bg-white shadow-sm', className)}
    >
      <div className="flex items-center gap-3 px-5 pt-5">
        {icon && (
          <span
            aria-hidden="true"
            className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700 [&_svg]:size-[18px]"
          >
            {icon}
          </span>
        )}
        <div className="min-w-0 flex-1">
          <Heading id={headingId} className="text-[0.9375rem] font-semibold text-slate-900">
            {title}
          </Heading>
          {description && <p className="mt-0.5 text-sm text-slate-500">{description}</p>}
        </div>
        {actions && <div className="shrink-0">{actions}</div>}
      </div>
      <div className={cn('flex-1 px-5 pt-4 pb-5', bodyClassName)}>{children}</div>
    </section>
  );
}
