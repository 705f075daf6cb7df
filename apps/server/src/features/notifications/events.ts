import type { NotificationEvent } from '@ahente/contract/notifications';

/**
 * What each event says (decision 026), in the portal and by e-mail. The parameters are what the
 * caller knows; the texts never carry a personal number (no account number, TIN, licence number
 * or premium): a policy is named by its client and product, a licence by its line.
 */
export interface EventParams {
  policy_due: { saleId: number; customer: string; product: string; expiryDate: string; days: number };
  policy_lapsed: { saleId: number; customer: string; product: string; expiryDate: string };
  member_approved: Record<string, never>;
  signup_pending: { memberId: number; name: string };
  new_recruit: { memberId: number; name: string };
  ticket_answered: { ticketId: number; subject: string };
  ticket_closed: { ticketId: number; subject: string; status: string };
  statement_ready: { period: string };
  statement_paid: { period: string };
  licence_expiring: { licenceId: number; line: string; expiresOn: string; days: number };
  sale_verified: { saleId: number; customer: string; product: string };
  sale_rejected: { saleId: number; customer: string; product: string; reason: string };
  /** `customer` null on a leader's override: a downline's clients are not their leaders' (decision 017). */
  commission_held: { saleId: number; customer: string | null; product: string; reason: string };
  commission_released: { saleId: number; customer: string | null; product: string };
  form2307_ready: { year: number; quarter: number };
  /** A sign-in from a device never seen before (decision 027): the device as read from its user agent, the address, the ISO time. */
  new_device: { device: string; ip: string; at: string };
  /** The account's e-mail was changed (decision 027): by the member, or by an administrator; the ISO time. No address is named. */
  email_changed: { by: 'member' | 'admin'; at: string };
  /** To administrators: a member reported a change of their e-mail as not theirs; whether the old address was put back. */
  email_change_reported: { memberId: number; name: string; restored: boolean };
  /** The account's code step was closed after `failures` wrong two-factor codes (decision 027), from `at` for `minutes`. */
  mfa_codes_limited: { failures: number; minutes: number; at: string };
  /** To administrators, once (decision 019): a BIR Form 2307 was asked for while these of the agency's tax details are unset. */
  agency_tax_details_missing: { missing: string[] };
  /** A proposal's client link (decision 038): named by its number and client, never an amount. */
  proposal_opened: { proposalId: number; number: string; client: string };
  proposal_accepted: { proposalId: number; number: string; client: string; option: number };
  proposal_declined: { proposalId: number; number: string; client: string; reason: string | null };
  /** A store request (decision 040): the client's name and the product, never their number. */
  store_request: { client: string; product: string };
  /** University (decision 039). */
  course_assigned: { courseId: number; course: string; dueOn: string };
  course_due: { courseId: number; course: string; dueOn: string; days: number };
  certificate_expiring: { courseId: number; course: string; validUntil: string; days: number };
}

export interface RenderedEvent {
  title: string;
  body: string;
  /** A path inside the portal: the screen where the member acts on it. */
  link: string;
}

const longDate = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' });
const monthName = (period: string) =>
  new Date(`${period}-01T00:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long' });
/** A moment as the agency reads it: Philippine time. */
const manilaTime = (iso: string) =>
  `${new Date(iso).toLocaleString('en-US', { timeZone: 'Asia/Manila', year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' })} (Philippine time)`;
const inDays = (days: number) => (days === 0 ? 'today' : days === 1 ? 'tomorrow' : `in ${days} days`);

const RENDER: { [E in NotificationEvent]: (p: EventParams[E]) => RenderedEvent } = {
  policy_due: (p) => ({
    title: `Renewal due ${inDays(p.days)}: ${p.customer}`,
    body: `${p.customer}'s ${p.product} policy expires on ${longDate(p.expiryDate)}. Start the renewal from your Portfolio.`,
    link: '/portfolio?status=due',
  }),
  policy_lapsed: (p) => ({
    title: `Policy lapsed: ${p.customer}`,
    body: `${p.customer}'s ${p.product} policy expired on ${longDate(p.expiryDate)} without a renewal. You can still renew it from your Portfolio.`,
    link: '/portfolio?status=lapsed',
  }),
  member_approved: () => ({
    title: 'Your account was approved',
    body: 'Welcome aboard: you can now log in and record your deals.',
    link: '/',
  }),
  signup_pending: (p) => ({
    title: `New sign-up waiting for approval: ${p.name}`,
    body: `${p.name} signed up and waits for an administrator's approval.`,
    link: '/admin/adminmembers?status=Pending',
  }),
  new_recruit: (p) => ({
    title: `New recruit: ${p.name}`,
    body: `${p.name} signed up with your referral code. They can log in once an administrator approves them.`,
    link: '/recruitment',
  }),
  ticket_answered: (p) => ({
    title: `Your ticket was answered: ${p.subject}`,
    body: `An administrator replied to your ticket "${p.subject}".`,
    link: '/helpcenter',
  }),
  ticket_closed: (p) => ({
    title: `Your ticket was closed: ${p.subject}`,
    body: `Your ticket "${p.subject}" was closed as ${p.status}.`,
    link: '/helpcenter',
  }),
  statement_ready: (p) => ({
    title: `Your statement for ${monthName(p.period)} is ready`,
    body: `The commission statement for ${monthName(p.period)} is ready to view and download.`,
    link: '/commissions',
  }),
  statement_paid: (p) => ({
    title: `Your statement for ${monthName(p.period)} was paid`,
    body: `The agency marked your commission statement for ${monthName(p.period)} as paid.`,
    link: '/commissions',
  }),
  licence_expiring: (p) => ({
    title: `Your ${p.line} licence expires ${inDays(p.days)}`,
    body: `Your ${p.line} licence expires on ${longDate(p.expiresOn)}. Renew it with the Insurance Commission and add the new one in Settings → Licences, so your commissions are not held.`,
    link: '/settings/licences',
  }),
  sale_verified: (p) => ({
    title: `Sale verified: ${p.customer}`,
    body: `The agency verified your ${p.product} sale to ${p.customer}: its commission can be paid.`,
    link: '/sales/salesview',
  }),
  sale_rejected: (p) => ({
    title: `Sale rejected: ${p.customer}`,
    body: `The agency rejected your ${p.product} sale to ${p.customer}: ${p.reason}`,
    link: '/sales/salesview',
  }),
  commission_held: (p) =>
    p.customer === null
      ? {
          title: `Override held: a ${p.product} sale of your team`,
          body: `Your override on a ${p.product} sale of your team is held: ${p.reason}`,
          link: '/commissions',
        }
      : {
          title: `Commission held: ${p.customer}`,
          body: `A commission on your ${p.product} sale to ${p.customer} is held: ${p.reason}`,
          link: '/commissions',
        },
  commission_released: (p) =>
    p.customer === null
      ? {
          title: `Override released: a ${p.product} sale of your team`,
          body: `Your held override on a ${p.product} sale of your team was released: it goes on your next statement once the sale is verified.`,
          link: '/commissions',
        }
      : {
          title: `Commission released: ${p.customer}`,
          body: `The held commission on your ${p.product} sale to ${p.customer} was released: it goes on your next statement once the sale is verified.`,
          link: '/commissions',
        },
  form2307_ready: (p) => ({
    title: `Your BIR Form 2307 for Q${p.quarter} ${p.year} is ready`,
    body: `The certificate of the tax withheld from your commissions in Q${p.quarter} ${p.year} is ready to download.`,
    link: '/commissions',
  }),
  new_device: (p) => ({
    title: 'New sign-in to your account',
    body: `Your account was signed in to from a new device: ${p.device}, address ${p.ip}, on ${manilaTime(p.at)}. If this was not you, change your password and sign out everywhere in Settings → Security.`,
    link: '/settings/security',
  }),
  email_changed: (p) => ({
    title: 'The e-mail address of your account was changed',
    body:
      p.by === 'admin'
        ? `An administrator changed the e-mail address of your account on ${manilaTime(p.at)}. If you did not ask for it, open a Help Center ticket or contact the agency at once.`
        : `The e-mail address of your account was changed on ${manilaTime(p.at)}, with your password. If this was not you, change your password and sign out everywhere in Settings → Security, and tell the agency with a Help Center ticket.`,
    link: '/settings/security',
  }),
  email_change_reported: (p) => ({
    title: `E-mail change reported: ${p.name}`,
    body: p.restored
      ? `${p.name} reported that they did not change the e-mail address of their account. Their previous address was put back and they were signed out everywhere. Check their account's recent changes (bank details, password) in their history.`
      : `${p.name} reported that they did not change the e-mail address of their account. They were signed out everywhere, but their previous address is now another account's, so it was not put back: contact them and correct it.`,
    link: '/admin/adminmembers',
  }),
  mfa_codes_limited: (p) => ({
    title: 'Sign-in to your account was stopped after wrong codes',
    body: `By ${manilaTime(p.at)}, ${p.failures} wrong two-factor codes had been entered for your account after its right password. Sign-in with a code is stopped for ${p.minutes} minutes. If this was not you, someone knows your password: change it and sign out everywhere in Settings → Security.`,
    link: '/settings/security',
  }),
  agency_tax_details_missing: (p) => ({
    title: "Set up the agency's tax details",
    body: `A member asked for their BIR Form 2307, but the agency's ${p.missing.join(', ')} ${p.missing.length === 1 ? 'is' : 'are'} not set, so it cannot be issued. Set the agency's TIN, address and RDO on Admin Panel → Commissions (Agency tax details).`,
    link: '/admin/admincommissions',
  }),
  proposal_opened: (p) => ({
    title: `Proposal opened: ${p.client}`,
    body: `${p.client} opened proposal ${p.number} through its link.`,
    link: `/proposals/${p.proposalId}`,
  }),
  proposal_accepted: (p) => ({
    title: `Proposal accepted: ${p.client}`,
    body: `${p.client} accepted option ${p.option} of proposal ${p.number}. Its deal is in your Deals Table, For Application.`,
    link: `/proposals/${p.proposalId}`,
  }),
  proposal_declined: (p) => ({
    title: `Proposal declined: ${p.client}`,
    body: p.reason ? `${p.client} declined proposal ${p.number}: “${p.reason}”` : `${p.client} declined proposal ${p.number}.`,
    link: `/proposals/${p.proposalId}`,
  }),
  store_request: (p) => ({
    title: `E-Store request: ${p.client}`,
    body: `${p.client} asked for a quote for ${p.product} from your E-Store. Its deal is in your Deals Table, For Quotation.`,
    link: '/estore',
  }),
  course_assigned: (p) => ({
    title: `Required course: ${p.course}`,
    body: `The agency requires the course ${p.course} of you. Complete it by ${longDate(p.dueOn)} in University.`,
    link: `/university/${p.courseId}`,
  }),
  course_due: (p) => ({
    title: `Required course due ${inDays(p.days)}: ${p.course}`,
    body: `Complete the course ${p.course} by ${longDate(p.dueOn)} in University.`,
    link: `/university/${p.courseId}`,
  }),
  certificate_expiring: (p) => ({
    title: `Your certificate expires ${inDays(p.days)}: ${p.course}`,
    body: `Your certificate of ${p.course} is valid until ${longDate(p.validUntil)}. Take the course again in University to renew it.`,
    link: `/university/${p.courseId}`,
  }),
};

export function renderEvent<E extends NotificationEvent>(event: E, params: EventParams[E]): RenderedEvent {
  return (RENDER[event] as (p: EventParams[E]) => RenderedEvent)(params);
}

/** The e-mail of an event: the agency's name, the member's name, one link to the portal, no personal number. */
export function renderEmail(
  rendered: RenderedEvent,
  ctx: { agencyName: string; memberName: string; portalUrl: string | null },
): { subject: string; text: string } {
  const link = ctx.portalUrl ? `${ctx.portalUrl.replace(/\/$/, '')}${rendered.link}` : null;
  const lines = [
    `Hello ${ctx.memberName},`,
    '',
    rendered.body,
    '',
    ...(link ? [`Open Ahente: ${link}`, ''] : []),
    `${ctx.agencyName}`,
    'You receive this because of your notification settings in Ahente (Settings → Notifications).',
  ];
  return { subject: `${ctx.agencyName}: ${rendered.title}`, text: lines.join('\n') };
}
