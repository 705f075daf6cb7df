import { Fragment } from 'react';
import { cn } from '../lib/cn';

/**
 * Texts that are one unit in a table (decision 024's units): a policy number never wraps
 * ('POL-2026-00008' broke at its dashes at 1280–1440 px); an e-mail address may wrap only before a
 * '.' or its '@' or after a '-', never inside a word. Both carry `data-fit`, so widths.spec.ts
 * fails any that wraps or is cut off.
 */
export function PolicyNumber({ value, className }: { value: string; className?: string }) {
  return (
    <span data-fit className={cn('text-xs whitespace-nowrap tabular-nums', className)}>
      {value}
    </span>
  );
}

/**
 * An e-mail address: its words unbroken, with a line break allowed only before a '.' or the '@'
 * and after a '-' ('gabriela.silang@aquino-reyes.com' may wrap as 'gabriela' '.silang' '@aquino-'
 * 'reyes' '.com', as an address is set in print), never inside a word.
 */
export function EmailAddress({ value }: { value: string }) {
  const parts = value.split(/(?=[.@])|(?<=-)/);
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          <span data-fit data-email-part className="whitespace-nowrap">
            {part}
          </span>
        </Fragment>
      ))}
    </>
  );
}
