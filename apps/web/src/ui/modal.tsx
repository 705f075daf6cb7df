import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef, type ReactNode, type RefObject } from 'react';
import { cn } from '../lib/cn';

interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dialog's accessible name, shown as its heading. */
  title: ReactNode;
  description?: ReactNode;
  /** Buttons at the bottom (e.g. Cancel + Save). */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** Optional trigger element (rendered as the Radix trigger). */
  trigger?: ReactNode;
  /** The control to focus on opening (default: the first focusable one, the close button). */
  initialFocus?: RefObject<HTMLElement | null>;
  /**
   * The control to focus on closing, when what opened the dialog is gone by then (e.g. a button of
   * a popover that closed as the dialog opened). Default: what opened it.
   */
  finalFocus?: RefObject<HTMLElement | null>;
  children?: ReactNode;
}

const widths = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-4xl' } as const;

/**
 * A modal dialog (Radix): focus is trapped inside, Escape and the backdrop close it,
 * focus returns to what opened it.
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  footer,
  size = 'md',
  trigger,
  initialFocus,
  finalFocus,
  children,
}: ModalProps) {
  // Without a Radix trigger, Radix returns focus to nothing on close: remember the opener instead.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>}
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50 backdrop-blur-[2px] data-[state=closed]:animate-overlay-out data-[state=open]:animate-overlay-in" />
        <Dialog.Content
          // Without a description, drop aria-describedby (Radix would point it at nothing).
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={(event) => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
            if (!initialFocus?.current) return;
            event.preventDefault();
            initialFocus.current.focus();
          }}
          // Escape in a combobox whose list is open closes the list (features/settings/combobox.tsx), not the dialog.
          onEscapeKeyDown={(event) => {
            if (event.target instanceof Element && event.target.closest('[role="combobox"][aria-expanded="true"]')) event.preventDefault();
          }}
          onCloseAutoFocus={(event) => {
            if (finalFocus?.current?.isConnected) {
              event.preventDefault();
              finalFocus.current.focus();
              return;
            }
            if (trigger || !opener.current?.isConnected) return;
            event.preventDefault();
            opener.current.focus();
          }}
          className={cn(
            // Centred by auto margins in the window (not by a translate of half its size), at most the
            // dynamic viewport's height less a margin: the header and the footer (its Save) stay on
            // the screen of a phone, and the body between them scrolls (decision 010).
            'fixed inset-0 z-50 m-auto flex h-fit max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] flex-col',
            'rounded-xl border border-slate-200 bg-white shadow-xl focus:outline-none',
            'data-[state=closed]:animate-pop-out data-[state=open]:animate-pop-in',
            widths[size],
          )}
        >
          <div className="flex shrink-0 items-start justify-between gap-4 border-b border-slate-100 px-4 py-4 sm:px-6">
            <div className="min-w-0">
              <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
              {description && <Dialog.Description className="mt-1 text-sm text-slate-500">{description}</Dialog.Description>}
            </div>
            <Dialog.Close
              aria-label="Close dialog"
              className="-mr-2 rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-700"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-4 py-5 sm:px-6">{children}</div>
          {footer && (
            <div className="flex shrink-0 flex-wrap justify-end gap-2 rounded-b-xl border-t border-slate-100 bg-slate-50/60 px-4 py-3 sm:px-6 sm:py-4">
              {footer}
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
