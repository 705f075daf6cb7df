import { CloudUpload } from 'lucide-react';
import { forwardRef, useState, type InputHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';
import { useFieldControl } from '../../ui/field';

export interface FileDropProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange' | 'value'> {
  onFile: (file: File | null) => void;
  /** The kinds of file taken, in words (default: the materials'). */
  typesText?: string;
}

/**
 * A file input presented as a drop zone. The real <input type="file"> covers the zone (clicking
 * or dropping a file onto it works natively) and keeps its label, focus and keyboard behaviour;
 * inside <Field> it gets the label, hint and error wiring.
 */
export const FileDrop = forwardRef<HTMLInputElement, FileDropProps>(function FileDrop(
  { onFile, typesText, className, disabled, ...props },
  ref,
) {
  const wiring = useFieldControl(props);
  const [dragging, setDragging] = useState(false);
  const invalid = wiring['aria-invalid'] === true || wiring['aria-invalid'] === 'true';
  return (
    <div
      className={cn(
        'relative flex flex-col items-center justify-center gap-1.5 rounded-lg border-2 border-dashed px-4 py-5 text-center transition-colors',
        'has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-brand-600',
        dragging
          ? 'border-brand-500 bg-brand-50'
          : invalid
            ? 'border-red-400 bg-red-50/40'
            : 'border-slate-300 bg-slate-50/60 hover:border-brand-400 hover:bg-brand-50/40',
        disabled && 'pointer-events-none opacity-60',
        className,
      )}
    >
      <CloudUpload aria-hidden="true" className="size-7 text-brand-600" />
      <p className="text-sm text-slate-600">
        <span className="font-semibold text-brand-700">Choose a file</span> or drag it here
      </p>
      <p className="text-xs text-slate-500">{typesText ?? 'PDF, images, Office documents, text, MP4 or ZIP'}</p>
      <input
        ref={ref}
        type="file"
        disabled={disabled}
        {...props}
        {...wiring}
        onChange={(event) => {
          setDragging(false);
          onFile(event.target.files?.[0] ?? null);
        }}
        onDragEnter={() => setDragging(true)}
        onDragLeave={() => setDragging(false)}
        onDrop={() => setDragging(false)}
        className="absolute inset-0 size-full cursor-pointer opacity-0"
      />
    </div>
  );
});
