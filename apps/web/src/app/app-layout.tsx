import * as Dialog from '@radix-ui/react-dialog';
import { Menu, X } from 'lucide-react';
import { useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useMediaQuery } from '../lib/use-media-query';
import { NotificationBell } from '../features/notifications/notification-bell';
import { OutboxSync } from '../features/offline/outbox';
import { OfflineBar, OfflinePage } from '../features/offline/offline-status';
import { ProfilePopover } from './profile-popover';
import { useCurrentUser } from '../api/session';
import { useLanguage } from '../i18n';
import { SidebarContent } from './sidebar';

/** At md (768 px) and up the sidebar is always shown; below it is a drawer. */
const DESKTOP_QUERY = '(min-width: 48rem)';

/**
 * The authenticated layout: sidebar (a drawer below md), a header with the welcome line and the
 * profile popup, and the page.
 */
export function AppLayout() {
  const user = useCurrentUser();
  const { t } = useLanguage();
  const { pathname } = useLocation();
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  // The page the drawer was opened on: it is open only there, so it closes on navigation; and it
  // closes when the window grows past md (state adjusted during render, as React advises, rather
  // than in an effect that would render twice).
  const [drawerOpenedAt, setDrawerOpenedAt] = useState<string | null>(null);
  const [wasDesktop, setWasDesktop] = useState(isDesktop);
  if (wasDesktop !== isDesktop) {
    setWasDesktop(isDesktop);
    if (isDesktop) setDrawerOpenedAt(null);
  }
  const drawerOpen = drawerOpenedAt === pathname && !isDesktop;
  const setDrawerOpen = (open: boolean) => setDrawerOpenedAt(open ? pathname : null);

  return (
    <div className="min-h-dvh">
      <a
        href="#main"
        className="sr-only z-[60] rounded-md bg-white px-3 py-2 text-sm font-medium text-brand-800 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {t('layout.skip')}
      </a>

      {/*
        Desktop sidebar: rendered only from md up, so the page never holds two main navigations. It is
        14rem wide up to 2xl and the page's side padding 1.5rem, so a laptop's tables have room (decision 024).
      */}
      {isDesktop && (
        <aside className="fixed inset-y-0 left-0 z-30 hidden w-56 border-r border-slate-200 bg-white md:block 2xl:w-64">
          <SidebarContent />
        </aside>
      )}

      <Dialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
        <div className="md:pl-56 2xl:pl-64">
          <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
            <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6 2xl:px-8">
              <Dialog.Trigger
                aria-label={t('layout.openMenu')}
                className="-ml-1.5 inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 md:hidden"
              >
                <Menu aria-hidden="true" className="size-5" />
              </Dialog.Trigger>
              <p className="min-w-0 flex-1 text-sm leading-tight font-medium text-balance text-slate-700 sm:text-base">
                {/* The spec's "Welcome back" from the second sign-in on; the first says "Welcome" (decision 001). */}
                {t(user.first_login ? 'firstSteps.welcomeFirst' : 'layout.welcome', { name: user.name, id: user.memberId })}
              </p>
              {/* Every call but enrolment is refused until two-factor sign-in is on: no bell until then. */}
              {!user.mfa_setup_required && <NotificationBell />}
              <ProfilePopover />
            </div>
            {/* With no signal: "Offline, last updated 10:42" (decision 028). */}
            <OfflineBar />
          </header>

          {/* Deals recorded with no signal are sent when the connection allows (decision 028). */}
          {!user.mfa_setup_required && <OutboxSync />}
          <main id="main" tabIndex={-1} className="mx-auto max-w-7xl px-4 py-6 outline-none sm:px-6 sm:py-8 2xl:px-8">
            <OfflinePage>
              <Outlet />
            </OfflinePage>
          </main>
        </div>

        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50 backdrop-blur-[2px] data-[state=closed]:animate-overlay-out data-[state=open]:animate-overlay-in md:hidden" />
          <Dialog.Content
            aria-describedby={undefined}
            className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] bg-white shadow-xl focus:outline-none data-[state=closed]:animate-drawer-out data-[state=open]:animate-drawer-in md:hidden"
          >
            <Dialog.Title className="sr-only">{t('layout.menu')}</Dialog.Title>
            <SidebarContent onNavigate={() => setDrawerOpen(false)} />
            <Dialog.Close
              aria-label={t('layout.closeMenu')}
              className="absolute top-3 right-3 inline-flex size-10 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </div>
  );
}
