import { createContext, useContext, useId, type ReactNode } from 'react';
import { cn } from '../lib/cn';

interface FieldContextValue {
  id: string;
  hintId: string | undefined;
  errorId: string | undefined;
  invalid: boolean;
}

const FieldContext = createContext<FieldContextValue | null>(null);

/** The id / aria wiring a control inside <Field> should use (Input, Select and Textarea read it). */
export function useFieldControl(props: {
  id?: string | undefined;
  'aria-describedby'?: string | undefined;
  'aria-invalid'?: boolean | 'true' | 'false' | 'grammar' | 'spelling' | undefined;
}) {
  const field = useContext(FieldContext);
  const describedBy = [props['aria-describedby'], field?.hintId, field?.errorId].filter(Boolean).join(' ');
  return {
    id: props.id ?? field?.id,
    'aria-describedby': describedBy || undefined,
    'aria-invalid': props['aria-invalid'] ?? (field?.invalid ? true : undefined),
  };
}

interface FieldProps {
  /** The visible label text; it is the control's accessible name. */
  label: ReactNode;
  /** Shown under the control; announced with it. */
  hint?: ReactNode;
  /** Shown in red under the control; marks the control aria-invalid. */
  error?: string | undefined;
  /** Marks the control aria-invalid without a message (the message is shown elsewhere, e.g. a toast). */
  invalid?: boolean;
  /** Optional id for the control (otherwise generated). */
  id?: string;
  className?: string;
  /** Extra content at the right of the label row (e.g. a "Forgot your password?" button). */
  labelAside?: ReactNode;
  children: ReactNode;
}

/** Label + control + hint + error, wired together for assistive technology. */
export function Field({ label, hint, error, invalid = false, id, className, labelAside, children }: FieldProps) {
  const generated = useId();
  const controlId = id ?? `field-${generated}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  return (
    <FieldContext.Provider value={{ id: controlId, hintId, errorId, invalid: Boolean(error) || invalid }}>
      <div className={cn('flex flex-col gap-1.5', className)}>
        <div className="flex items-baseline justify-between gap-3">
          <label htmlFor={controlId} className="text-sm font-medium text-slate-700">
            {label}
          </label>
          {labelAside}
        </div>
        {children}
        {hint && !error && (
          <p id={hintId} className="text-xs text-slate-500">
            {hint}
          </p>
        )}
        {error && (
          <p id={errorId} className="text-xs font-medium text-red-700">
            {error}
          </p>
        )}
      </div>
    </FieldContext.Provider>
  );
}
