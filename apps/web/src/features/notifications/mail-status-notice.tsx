import { MailWarning, MailX } from 'lucide-react';
import { useMailStatus } from './api';

/**
 * The Admin Panel's word on e-mail (decision 026): while the agency has no mail server set up, a
 * calm note that notifications reach members in the portal only, and what to set; with e-mail on,
 * the messages the outbox gave up on, if any. Nothing while it loads or when all is well.
 */
export function MailStatusNotice() {
  const { data } = useMailStatus();
  if (!data) return null;
  if (!data.email_enabled) {
    return (
      <div role="note" className="mb-5 flex gap-3 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700">
        <MailX aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
        <p>
          <span className="font-medium text-slate-900">E-mail is off:</span> notifications reach members in the portal only. Set{' '}
          <code className="font-mono text-[0.8125rem]">SMTP_URL</code>, <code className="font-mono text-[0.8125rem]">MAIL_FROM</code> and{' '}
          <code className="font-mono text-[0.8125rem]">PORTAL_URL</code> to send them by e-mail.
        </p>
      </div>
    );
  }
  if (data.failed === 0) return null;
  const count = data.failed.toLocaleString('en-PH');
  return (
    <div role="note" className="mb-5 flex gap-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      <MailWarning aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-600" />
      <p>
        <span className="font-medium">{data.failed === 1 ? '1 e-mail could not be sent' : `${count} e-mails could not be sent`}</span> after
        repeated attempts. Check the mail server&rsquo;s settings (<code className="font-mono text-[0.8125rem]">SMTP_URL</code>) and the
        server&rsquo;s log; notifications still reach members in the portal.
      </p>
    </div>
  );
}
