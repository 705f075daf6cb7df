import { forwardRef, type SelectHTMLAttributes } from 'react';
import { ChevronDown } from 'lucide-react';
import { cn } from '../lib/cn';
import { useFieldControl } from './field';
import { controlClasses } from './input';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  /** Options to render; children may be used instead. */
  options?: readonly SelectOption[];
  /** A first, empty option (value ''), e.g. "Select a region". */
  placeholder?: string;
}

/** A native select (best on phones and for assistive technology), styled like the inputs. */
export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select(
  { className, options, placeholder, children, ...props },
  ref,
) {
  const wiring = useFieldControl(props);
  return (
    <div className="relative">
      <select ref={ref} {...props} {...wiring} className={cn(controlClasses, 'h-10 appearance-none pr-9', className)}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options?.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
        {children}
      </select>
      <ChevronDown aria-hidden="true" className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500" />
    </div>
  );
});
