import * as ToastPrimitive from '@radix-ui/react-toast';
import { CircleCheck, CircleX, Info, TriangleAlert, X, type LucideIcon } from 'lucide-react';
import { useEffect, useState, useSyncExternalStore, type CSSProperties } from 'react';
import { TOAST_DURATION_MS, TOAST_EXIT_MS } from '@ahente/contract/messages';
import { cn } from '../lib/cn';

/**
 * Toasts (decision 004): success, error, warning, info. Each stays TOAST_DURATION_MS (3000 ms),
 * then leaves with a TOAST_EXIT_MS (300 ms) exit animation. Hovering or focusing a toast pauses its
 * timer (WCAG 2.2.1), as Radix does.
 *
 * Use anywhere, also outside React: toast.success(text), toast.error(text), toast.warning(text),
 * toast.info(text). <Toaster /> is mounted once at the root.
 */

export type ToastType = 'success' | 'error' | 'warning' | 'info';

interface ToastItem {
  id: number;
  type: ToastType;
  message: string;
  open: boolean;
}

const MAX_VISIBLE = 4;

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: ToastItem[]) {
  items = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function show(type: ToastType, message: string): number {
  const id = nextId++;
  // The same text twice (a double click) restarts it rather than stacking a copy.
  const others = items.filter((t) => !(t.open && t.type === type && t.message === message));
  const open = others.filter((t) => t.open);
  const overflow = open.length >= MAX_VISIBLE ? new Set(open.slice(0, open.length - MAX_VISIBLE + 1).map((t) => t.id)) : null;
  emit([...others.map((t) => (overflow?.has(t.id) ? { ...t, open: false } : t)), { id, type, message, open: true }]);
  if (overflow) for (const removed of overflow) scheduleRemoval(removed);
  return id;
}

function scheduleRemoval(id: number) {
  // Keep the item mounted while its exit animation plays, then drop it.
  window.setTimeout(() => emit(items.filter((t) => t.id !== id)), TOAST_EXIT_MS + 50);
}

function close(id: number) {
  if (!items.some((t) => t.id === id && t.open)) return;
  emit(items.map((t) => (t.id === id ? { ...t, open: false } : t)));
  scheduleRemoval(id);
}

export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  warning: (message: string) => show('warning', message),
  info: (message: string) => show('info', message),
  dismiss: (id: number) => close(id),
};

const look: Record<ToastType, { icon: LucideIcon; word: string; accent: string; iconColor: string }> = {
  success: { icon: CircleCheck, word: 'Success', accent: 'before:bg-green-600', iconColor: 'text-green-600' },
  error: { icon: CircleX, word: 'Error', accent: 'before:bg-red-600', iconColor: 'text-red-600' },
  warning: { icon: TriangleAlert, word: 'Warning', accent: 'before:bg-amber-500', iconColor: 'text-amber-600' },
  info: { icon: Info, word: 'Information', accent: 'before:bg-sky-600', iconColor: 'text-sky-600' },
};

/**
 * Radix also speaks each toast through a visually hidden live region. That copy lives in a
 * closed shadow root: screen readers still announce it, while the page (and DOM queries) holds
 * the message text once, in the visible toast.
 */
function useAnnouncerRoot(): ShadowRoot | undefined {
  const [root, setRoot] = useState<ShadowRoot>();
  useEffect(() => {
    const host = document.createElement('div');
    host.setAttribute('data-toast-announcer', '');
    // Marks the host as live-region related so modal dialogs (aria-hidden on everything else)
    // leave it exposed; the region inside sets its own politeness.
    host.setAttribute('aria-live', 'off');
    document.body.appendChild(host);
    // The shadow root exists only once the host is in the document, which happens here, once.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setRoot(host.attachShadow({ mode: 'closed' }));
    return () => host.remove();
  }, []);
  return root;
}

export function Toaster() {
  const list = useSyncExternalStore(
    subscribe,
    () => items,
    () => items,
  );
  const announcer = useAnnouncerRoot();
  if (!announcer) return null;
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right" label="Notification" announcerContainer={announcer}>
      {list.map((item) => {
        const { icon: Icon, word, accent, iconColor } = look[item.type];
        return (
          <ToastPrimitive.Root
            key={item.id}
            open={item.open}
            onOpenChange={(open) => {
              if (!open) close(item.id);
            }}
            type={item.type === 'error' || item.type === 'warning' ? 'foreground' : 'background'}
            data-type={item.type}
            style={{ '--toast-exit': `${TOAST_EXIT_MS}ms` } as CSSProperties}
            className={cn(
              'toast group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-lg border border-slate-200 bg-white py-3 pr-10 pl-4 shadow-lg',
              'before:absolute before:inset-y-0 before:left-0 before:w-1',
              accent,
            )}
          >
            <Icon aria-hidden="true" className={cn('mt-0.5 size-5 shrink-0', iconColor)} />
            <div className="min-w-0 flex-1">
              <ToastPrimitive.Title className="sr-only">{word}</ToastPrimitive.Title>
              <ToastPrimitive.Description className="text-sm leading-5 font-medium break-words text-slate-800">
                {item.message}
              </ToastPrimitive.Description>
            </div>
            <ToastPrimitive.Close
              aria-label="Dismiss notification"
              className="absolute top-2.5 right-2.5 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-700"
            >
              <X aria-hidden="true" className="size-4" />
            </ToastPrimitive.Close>
          </ToastPrimitive.Root>
        );
      })}
      {/*
        At the bottom of the window, the newest lowest: on the right from sm up, across the width of a
        phone (above its home indicator). Never at the top, where it covered the page's heading, and
        never over the header (decision 024).
      */}
      {/*
        aria-live="off" (no extra announcement: Radix's announcer speaks each toast) keeps the list
        out of what a modal dialog hides from assistive technology (aria-hidden on everything else):
        a toast shown as a dialog closes (Delete, Resolve, Mark Paid) is reachable at once, not only
        after the dialog's exit animation has ended, which a busy or background page may hold back
        past the toast's three seconds.
      */}
      <ToastPrimitive.Viewport
        aria-live="off"
        label="Notifications ({hotkey})"
        className="pointer-events-none fixed right-0 bottom-0 z-[100] flex max-h-[calc(100dvh-4rem)] w-full flex-col gap-2 p-3 pb-[calc(0.75rem+env(safe-area-inset-bottom))] outline-none sm:right-2 sm:max-w-sm sm:p-4"
      />
    </ToastPrimitive.Provider>
  );
}
