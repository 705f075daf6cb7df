import { forwardRef, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { cn } from '../lib/cn';
import { useFieldControl } from './field';

export const controlClasses =
  'block w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-xs ' +
  'placeholder:text-slate-500 transition-colors ' +
  'hover:border-slate-400 focus:border-brand-600 focus:outline-none focus:ring-3 focus:ring-brand-600/20 ' +
  'disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-600 ' +
  'aria-invalid:border-red-500 aria-invalid:focus:border-red-600 aria-invalid:focus:ring-red-600/20';

/**
 * A read-only text field looks settled. Not in controlClasses: CSS's :read-only also matches every
 * <select> (it is not a text control), which made each select grey and without its focus ring.
 */
const readOnlyClasses = 'read-only:bg-slate-50 read-only:focus:ring-0';

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  /** An icon or text shown inside the left edge (decorative). */
  leading?: ReactNode;
}

/** A text-like input. Inside <Field> it picks up the label, hint and error wiring. */
export const Input = forwardRef<HTMLInputElement, InputProps>(function Input({ className, leading, ...props }, ref) {
  const wiring = useFieldControl(props);
  const input = (
    <input
      ref={ref}
      {...props}
      {...wiring}
      className={cn(controlClasses, readOnlyClasses, 'h-10', leading ? 'pl-9' : undefined, className)}
    />
  );
  if (!leading) return input;
  return (
    <div className="relative">
      <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-400 [&_svg]:size-4">
        {leading}
      </span>
      {input}
    </div>
  );
});

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(function Textarea(
  { className, ...props },
  ref,
) {
  const wiring = useFieldControl(props);
  return <textarea ref={ref} {...props} {...wiring} className={cn(controlClasses, readOnlyClasses, 'min-h-24 py-2', className)} />;
});
