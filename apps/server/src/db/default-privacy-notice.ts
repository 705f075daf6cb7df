/**
 * The privacy notice every agency starts with (decision 027): version 1, written by migration 014.
 * An administrator replaces it from Admin Panel → Privacy with the agency's own (its name, its data
 * protection officer's address); each publication is a new version that every agent accepts once.
 * Markdown: headings, paragraphs, lists, bold and links only.
 */
export const DEFAULT_PRIVACY_NOTICE = `# Privacy Notice

This portal is run by the insurance agency you are joining. It processes your personal data as the Data Privacy Act of 2012 (Republic Act No. 10173) and the rules of the National Privacy Commission require.

## What we collect
- **Your account:** name, username, e-mail address, mobile number, sponsor and position in the agency.
- **Personal details:** gender, birthday, address, a photo and a valid government ID.
- **For paying you:** your bank account and your Taxpayer Identification Number (TIN).
- **For licensing:** your Insurance Commission licences, their numbers and scans, and your certifications.
- **Your work:** the deals and sales you record, with your clients' names and contacts, and the commissions they earn.
- **Security:** the devices and addresses you sign in from, and who in the agency opened your sensitive data.

## Why
To recruit and approve agents, record and verify sales, pay commissions and withhold the taxes the BIR requires, check licences as the Insurance Code requires, send you the reminders you need, and keep the portal secure.

## Who sees it
You and the agency's administrators. Your leaders see your figures, never your clients or your personal details. Every time someone other than you opens your sensitive data (IDs, TIN, bank account, licences, birthday, address), it is recorded, and you can see the record under **Settings → Privacy**.

## How long we keep it
While you are an agent of the agency. After you leave or ask for erasure, your personal data is erased; the sales, commissions and tax records that the law requires us to keep as books of accounts (five years from the day after the filing deadline of their year, NIRC section 235) are kept under an anonymous reference and deleted when that period ends.

## Your rights
You may be informed, see and download your data (**Settings → Privacy → Download my data**), correct it (**Settings**, or a Help Center ticket of type Privacy for what you cannot edit yourself), object, ask for erasure (**Settings → Privacy → Request erasure**) and complain to the National Privacy Commission (privacy.gov.ph). We answer every request within 30 working days.

## Contact
Our Data Protection Officer answers through a Help Center ticket of type **Privacy**.
`;
