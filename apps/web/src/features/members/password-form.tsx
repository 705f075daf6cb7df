import { KeyRound } from 'lucide-react';
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router';
import { MSG } from '@ahente/contract/messages';
import { isApiError } from '../../api/client';
import { useChangePasswordMutation } from './api';
import { useCurrentUser } from '../../api/session';
import { setRefs } from '../../lib/set-refs';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { Notice, type NoticeTone } from '../../ui/notice';

interface PasswordFormProps {
  memberId: number;
  /** Open with the field shown (the row menu's Change Password) rather than behind the first click. */
  initiallyOpen?: boolean;
  /** After a successful change (the field has closed and cleared, and says so). */
  onChanged?: () => void;
  /** Also gets the password input (a dialog that opens on it focuses it). */
  inputRef?: RefObject<HTMLInputElement | null>;
}

/**
 * The password sub-form of the admin edit modal: the first click on Change Password opens the
 * field, the second (Save Password) submits it. A blank or whitespace-only password is refused
 * before anything is sent. On success the field closes and clears.
 */
export function PasswordForm(props: PasswordFormProps) {
  // An admin's own password needs the current one (decision 027): it is changed in Settings →
  // Security.
  return useCurrentUser().memberId === props.memberId ? <OwnPasswordNote /> : <MemberPasswordForm {...props} />;
}

function OwnPasswordNote() {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-slate-50/60 p-4">
      <h4 id={headingId} className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <KeyRound aria-hidden="true" className="size-4 text-slate-500" />
        Password
      </h4>
      <p className="mt-1 text-sm text-slate-500">Your own password is changed with your current one, in Settings → Security.</p>
      <Link
        to="/settings/security"
        className="mt-3 inline-flex text-sm font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        Go to Settings → Security
      </Link>
    </section>
  );
}

function MemberPasswordForm({ memberId, initiallyOpen = false, onChanged, inputRef }: PasswordFormProps) {
  const changePassword = useChangePasswordMutation();
  const [open, setOpen] = useState(initiallyOpen);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [notice, setNotice] = useState<{ tone: NoticeTone; text: string; detail?: string; seq: number } | null>(null);
  const say = (tone: NoticeTone, text: string, detail?: string) =>
    setNotice((current) => ({ tone, text, detail, seq: (current?.seq ?? 0) + 1 }));
  const input = useRef<HTMLInputElement>(null);
  const headingId = useId();

  // Opening the field (not on mount: the modal decides where focus starts) puts the caret in it.
  const [focusOnOpen, setFocusOnOpen] = useState(false);
  useEffect(() => {
    if (open && focusOnOpen) input.current?.focus();
  }, [open, focusOnOpen]);

  const close = () => {
    setOpen(false);
    setPassword('');
    setError(undefined);
  };

  const submit = async () => {
    if (!open) {
      setOpen(true);
      setFocusOnOpen(true);
      setNotice(null);
      return;
    }
    if (password.trim() === '') {
      setError(MSG.passwordEmpty);
      say('warning', MSG.passwordEmpty);
      input.current?.focus();
      return;
    }
    setError(undefined);
    setNotice(null);
    try {
      await changePassword.mutateAsync({ id: memberId, password });
      close();
      say('success', MSG.passwordChanged);
      onChanged?.();
    } catch (caught) {
      if (isApiError(caught)) {
        // A non-200 answer: the spec's words, then the server's reason (e.g. too short).
        setError(caught.error);
        say('error', MSG.passwordChangeFailed, caught.error);
      } else {
        say('error', MSG.somethingWrong);
      }
    }
  };

  return (
    <form
      aria-labelledby={headingId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      className="rounded-lg border border-slate-200 bg-slate-50/60 p-4"
    >
      <h4 id={headingId} className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <KeyRound aria-hidden="true" className="size-4 text-slate-500" />
        Password
      </h4>
      {open ? (
        <Field
          label="New Password"
          invalid={Boolean(error)}
          className="mt-3"
          hint="At least 8 characters. The member's other sessions end."
        >
          <Input
            ref={(element) => setRefs(element, input, inputRef)}
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            disabled={changePassword.isPending}
          />
        </Field>
      ) : (
        <p className="mt-1 text-sm text-slate-500">Set a new password for this member.</p>
      )}
      {notice && (
        <Notice key={notice.seq} tone={notice.tone} detail={notice.detail} className="mt-3">
          {notice.text}
        </Notice>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button type="submit" variant={open ? 'primary' : 'outline'} size="sm" loading={changePassword.isPending}>
          {open ? 'Save Password' : 'Change Password'}
        </Button>
        {open && (
          <Button type="button" variant="ghost" size="sm" onClick={close} disabled={changePassword.isPending}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
