import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { cn } from '../lib/cn';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
}

/** A native checkbox with its label (clicking the text toggles it). */
export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox({ label, id, className, ...props }, ref) {
  const generated = useId();
  const inputId = id ?? `checkbox-${generated}`;
  return (
    // Top-aligned with a label of several lines; beside one line (20 px) the box (16 px + 2 px) is centred.
    <div className={cn('flex items-start gap-2', className)}>
      <input
        ref={ref}
        id={inputId}
        type="checkbox"
        className="mt-0.5 size-4 shrink-0 cursor-pointer rounded border-slate-300 accent-brand-700"
        {...props}
      />
      <label htmlFor={inputId} className="cursor-pointer text-sm text-slate-700 select-none">
        {label}
      </label>
    </div>
  );
});
