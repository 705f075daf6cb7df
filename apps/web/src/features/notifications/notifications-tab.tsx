import { Bell, Info, Save } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import {
  ADMIN_NOTIFICATION_EVENTS,
  NOTIFICATION_EVENTS,
  NOTIFICATION_EVENT_LABELS,
  type NotificationEvent,
  type NotificationPreferences,
} from '@ahente/contract/notifications';
import { serverReason } from '../../api/client';
import { useNotificationPreferences, useSetNotificationPreferences } from './api';
import { useCurrentUser } from '../../api/session';
import { Button } from '../../ui/button';
import { CardSection } from '../../ui/card';
import { Checkbox } from '../../ui/checkbox';
import { Skeleton } from '../../ui/skeleton';
import { toast } from '../../ui/toast';

const PREFERENCES_SAVED = 'Your notification settings were saved.';
const PREFERENCES_NOT_SAVED = 'Your notification settings could not be saved.';
const IN_APP_ALWAYS_ON = 'In-app notifications are always on.';
const EMAIL_OFF = 'E-mail is not set up by the agency, so notifications reach you only here in the portal.';

/** The events a member can choose: some (a new sign-up waiting for approval) go to administrators only. */
function eventsFor(accountType: string): readonly NotificationEvent[] {
  return accountType === 'user' ? NOTIFICATION_EVENTS.filter((event) => !ADMIN_NOTIFICATION_EVENTS.includes(event)) : NOTIFICATION_EVENTS;
}

/**
 * /settings/notifications (decision 026): which events also reach the member by e-mail; under the
 * bell every event always arrives. While the agency has no e-mail set up, the choices are shown but
 * cannot be changed.
 */
export function NotificationsTab() {
  const user = useCurrentUser();
  const preferences = useNotificationPreferences(user.memberId);

  return (
    <CardSection
      title="Notifications"
      icon={<Bell />}
      description={`${IN_APP_ALWAYS_ON} Every event appears under the bell at the top of the page; choose which ones also reach you by e-mail.`}
      aria-busy={preferences.isPending || undefined}
    >
      {preferences.isError ? (
        <div className="flex flex-wrap items-center gap-3 rounded-lg bg-slate-50 px-4 py-3 text-sm ring-1 ring-slate-900/5 ring-inset">
          <p className="font-medium text-slate-700">Your notification settings could not be loaded.</p>
          <Button variant="outline" size="sm" onClick={() => void preferences.refetch()} loading={preferences.isFetching}>
            Try again
          </Button>
        </div>
      ) : preferences.isPending ? (
        <div className="flex flex-col gap-3">
          <Skeleton className="h-5 w-64" />
          <Skeleton className="h-5 w-72" />
          <Skeleton className="h-5 w-56" />
          <span className="sr-only" role="status">
            Loading your notification settings…
          </span>
        </div>
      ) : (
        // A new key when the saved choices change from elsewhere: the form starts again from them.
        <PreferencesForm
          key={JSON.stringify(preferences.data)}
          saved={preferences.data}
          events={eventsFor(user.account_type)}
          memberId={user.memberId}
        />
      )}
    </CardSection>
  );
}

function PreferencesForm({
  saved,
  events,
  memberId,
}: {
  saved: NotificationPreferences;
  events: readonly NotificationEvent[];
  memberId: number;
}) {
  const save = useSetNotificationPreferences();
  const [choices, setChoices] = useState<Record<NotificationEvent, boolean>>(
    () => Object.fromEntries(events.map((event) => [event, saved.email[event] ?? false])) as Record<NotificationEvent, boolean>,
  );
  const off = !saved.email_enabled;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (off || save.isPending) return;
    const email = Object.fromEntries(events.map((e) => [e, choices[e]])) as Partial<Record<NotificationEvent, boolean>>;
    save.mutate(
      { id: memberId, email },
      {
        onSuccess: () => toast.success(PREFERENCES_SAVED),
        onError: (error) => {
          const reason = serverReason(error);
          toast.error(reason ? `${PREFERENCES_NOT_SAVED} ${reason}` : PREFERENCES_NOT_SAVED);
        },
      },
    );
  };

  return (
    <form noValidate aria-label="E-mail notifications" onSubmit={onSubmit}>
      {off && (
        <div role="note" className="mb-4 flex gap-3 rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-900">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-sky-600" />
          <p>{EMAIL_OFF}</p>
        </div>
      )}
      <fieldset disabled={off}>
        <legend className="text-sm font-medium text-slate-900">Send me an e-mail when:</legend>
        <div className="mt-3 grid gap-x-6 gap-y-3 sm:grid-cols-2">
          {events.map((event) => (
            <Checkbox
              key={event}
              label={NOTIFICATION_EVENT_LABELS[event]}
              checked={choices[event]}
              onChange={(e) => {
                const checked = e.currentTarget.checked;
                setChoices((current) => ({ ...current, [event]: checked }));
              }}
              className="items-start [&_input]:mt-0.5"
            />
          ))}
        </div>
      </fieldset>
      <Button type="submit" loading={save.isPending} disabled={off} className="mt-5 w-full sm:w-auto">
        {!save.isPending && <Save aria-hidden="true" />}
        Save
      </Button>
    </form>
  );
}
