import * as Popover from '@radix-ui/react-popover';
import { Award, Camera, Copy, LogOut } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { onProfilePhotoRequest } from '../lib/profile-photo-request';
import { copyReferralLink } from '../ui/referral-link';
import { Avatar, initialsOf } from '../ui/avatar';
import { Button } from '../ui/button';
import { useCurrentUser, useSession } from '../api/session';
import { useLogout } from '../features/offline/use-logout';
import { ProfilePhotoDialog } from './profile-photo-dialog';
import { showLanguage, useLanguage } from '../i18n';
import { LanguageChoice } from '../i18n/language-choice';
import { saveLanguage } from '../api/session-calls';
import { toast } from '../ui/toast';
import type { Language } from '@ahente/contract/auth';

/**
 * The profile popup of the layout: photo (or initials), name, ID, the referral code (click copies
 * the referral link), 'Badge: Coming Soon!', Change Profile Picture (a dialog) and Logout.
 */
export function ProfilePopover() {
  const user = useCurrentUser();
  // Logging out clears the device, after asking when deal changes wait to sync (decision 028).
  const logout = useLogout();
  const { update } = useSession();
  const { t } = useLanguage();
  // The member's language (decision 030): shown at once, remembered on this device and saved for
  // the others.
  const chooseLanguage = (language: Language) => {
    update({ language });
    void showLanguage(language);
    saveLanguage(language).catch(() => toast.error(t('language.saveFailed')));
  };
  const [open, setOpen] = useState(false);
  const [photoDialogOpen, setPhotoDialogOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  // The dashboard's first steps ask for the dialog without a way into this popup (decision 018).
  useEffect(() => onProfilePhotoRequest(() => setPhotoDialogOpen(true)), []);

  return (
    <>
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger
          ref={trigger}
          // The name starts with what the button shows (the initials; WCAG 2.5.3 label in name).
          aria-label={t('profile.open', { initials: initialsOf(user.name) })}
          className="rounded-full transition-shadow hover:ring-4 hover:ring-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 data-[state=open]:ring-4 data-[state=open]:ring-brand-100"
        >
          <Avatar name={user.name} photo={user.photo} size="md" />
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            align="end"
            sideOffset={10}
            collisionPadding={12}
            aria-label={t('profile.title')}
            // The photo dialog takes the focus as the popup closes: the popup does not move it back.
            onCloseAutoFocus={(event) => {
              if (photoDialogOpen) event.preventDefault();
            }}
            className="z-50 w-[min(20rem,calc(100vw-1.5rem))] rounded-xl border border-slate-200 bg-white shadow-xl focus:outline-none data-[state=closed]:animate-pop-out data-[state=open]:animate-pop-in"
          >
            <div className="flex flex-col items-center gap-3 rounded-t-xl bg-linear-to-b from-brand-50 to-white px-5 pt-6 pb-4 text-center">
              <Avatar name={user.name} photo={user.photo} size="lg" className="shadow-sm" />
              <div className="min-w-0">
                <p className="truncate text-base font-semibold text-slate-900">{user.name}</p>
                <p className="text-sm text-slate-500 tabular-nums">{t('profile.id', { id: user.memberId })}</p>
              </div>
            </div>

            <div className="flex flex-col gap-3 px-5 pb-5">
              <div>
                <p aria-hidden="true" className="mb-1.5 text-xs font-medium text-slate-500">
                  {t('profile.referralCode')}
                </p>
                <button
                  type="button"
                  onClick={() => void copyReferralLink(user.referral_code)}
                  aria-label={t('profile.copyLabel', { code: user.referral_code })}
                  title={t('profile.copyTitle')}
                  className="group flex w-full items-center justify-between gap-3 rounded-lg border border-dashed border-brand-300 bg-brand-50/50 px-3 py-2 text-left transition-colors hover:border-brand-500 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                >
                  <span className="text-sm font-semibold tracking-widest text-brand-800 tabular-nums">{user.referral_code}</span>
                  {/* A space between the code and 'Copy' in the button's text, as the name has it (WCAG 2.5.3). */}{' '}
                  <span className="flex items-center gap-1 text-xs font-medium text-brand-700">
                    <Copy aria-hidden="true" className="size-3.5" />
                    {t('profile.copy')}
                  </span>
                </button>
              </div>

              <div>
                <p aria-hidden="true" className="mb-1.5 text-xs font-medium text-slate-500">
                  {t('language.label')}
                </p>
                <LanguageChoice onChoose={chooseLanguage} className="flex w-full" />
              </div>

              <p className="flex items-center gap-2 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-600">
                <Award aria-hidden="true" className="size-4 text-amber-500" />
                {t('profile.badge')}
              </p>

              {/* An administrator who must turn on two-factor sign-in first can change nothing else yet. */}
              {!user.mfa_setup_required && (
                <Button
                  variant="secondary"
                  fullWidth
                  onClick={() => {
                    setOpen(false);
                    setPhotoDialogOpen(true);
                  }}
                >
                  <Camera aria-hidden="true" />
                  {t('profile.changePhoto')}
                </Button>
              )}

              <Button
                variant="outline"
                fullWidth
                loading={logout.busy}
                onClick={() => {
                  void logout.start().then(() => setOpen(false));
                }}
              >
                {!logout.busy && <LogOut aria-hidden="true" />}
                {t('profile.logout')}
              </Button>
            </div>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      <ProfilePhotoDialog open={photoDialogOpen} onOpenChange={setPhotoDialogOpen} finalFocus={trigger} />
      {logout.dialog}
    </>
  );
}
