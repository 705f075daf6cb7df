import { ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EMAIL_CHANGE_LINK_INVALID, EMAIL_CHANGE_REPORT_DAYS, reportEmailChangeRequest } from '@ahente/contract/members';
import { useReportEmailChangeMutation } from './api';
import { isApiError } from '../../api/client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Button, buttonClasses } from '../../ui/button';
import { Notice } from '../../ui/notice';
import { AuthShell } from './auth-shell';

const REPORT_FAILED = 'Your report could not be sent. Please try again.';
const RESTORED =
  'The account’s e-mail address is again the one this message came to, and the account was signed out everywhere. The agency’s administrators were told.';
const NOT_RESTORED =
  'Your account was signed out everywhere and the agency’s administrators were told. Your previous address is now used by another account, so it could not be put back: the agency will contact you.';

/**
 * /report-email-change?token=… (decision 027): the page of the link in the notice sent to the
 * address an e-mail change replaced, open without a session. Nothing happens on opening it (a mail
 * scanner may open links): the owner confirms with a button. Then the old address is put back, the
 * account is signed out everywhere, its reset links end and the administrators are told; the page
 * says what to do next (a new password by "Forgot your password?").
 */
export function ReportEmailChangePage() {
  useDocumentTitle('Report an e-mail change');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const report = useReportEmailChangeMutation();
  const [invalid, setInvalid] = useState(() => !reportEmailChangeRequest.shape.token.safeParse(token).success);
  const [failure, setFailure] = useState<string | null>(null);
  const [restored, setRestored] = useState<boolean | null>(null);

  const confirm = async () => {
    if (report.isPending) return;
    setFailure(null);
    try {
      setRestored((await report.mutateAsync({ token })).restored);
    } catch (error) {
      if (isApiError(error, 400)) setInvalid(true);
      else setFailure(isApiError(error) && error.status < 500 ? error.error : REPORT_FAILED);
    }
  };

  return (
    <AuthShell
      headline="Your agency, wherever your clients are."
      lead="Record deals, follow your sales and grow your team with your own referral link, on any device."
      points={['Deals and sales in one place', 'Your own referral link for recruiting', 'Learning and marketing materials on demand']}
    >
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">Report an e-mail change</h1>
        <p className="mt-2 text-sm text-slate-500">
          {restored !== null
            ? 'Thank you: your account is safe again.'
            : invalid
              ? 'This link can no longer be used.'
              : 'The e-mail address of your Ahente account was changed. Was it you?'}
        </p>
      </div>

      {restored !== null ? (
        <div className="mt-8 flex flex-col gap-5">
          <Notice tone="success">{restored ? RESTORED : NOT_RESTORED}</Notice>
          <p className="text-sm text-slate-600">
            Now choose a new password: on the login page, press “Forgot your password?” and enter your username. The link comes to this
            address. If someone also changed your bank details or other records, tell the agency.
          </p>
          <Link to="/login" className={buttonClasses({ size: 'lg', fullWidth: true })}>
            Go to log in
          </Link>
        </div>
      ) : invalid ? (
        <div className="mt-8 flex flex-col gap-5">
          <Notice tone="error">{EMAIL_CHANGE_LINK_INVALID}</Notice>
          <Link to="/login" className={buttonClasses({ variant: 'outline' })}>
            Back to log in
          </Link>
        </div>
      ) : (
        <div className="mt-8 flex flex-col gap-5">
          <p className="text-sm text-slate-600">
            If you changed it yourself, there is nothing to do: close this page. If you did not, someone else may be using your account.
            Report it within {EMAIL_CHANGE_REPORT_DAYS} days of the change: we put this address back, sign your account out everywhere and
            tell the agency’s administrators.
          </p>
          {failure && <Notice tone="error">{failure}</Notice>}
          <Button size="lg" fullWidth variant="danger" loading={report.isPending} onClick={() => void confirm()}>
            {!report.isPending && <ShieldAlert aria-hidden="true" />}
            It wasn’t me: secure my account
          </Button>
          <Link to="/login" className={buttonClasses({ variant: 'outline' })}>
            It was me: go to log in
          </Link>
        </div>
      )}
    </AuthShell>
  );
}
