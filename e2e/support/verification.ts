import { todayInManila } from '@ahente/contract/dates';
import { defaultLicenseExpiry, type LicenseLine } from '@ahente/contract/licences';
import { routes } from '@ahente/contract/routes';
import type { SaleRecord } from '@ahente/contract/sales';
import { uniqueId } from './app.ts';
import { ADMIN, loginApi, type Agent } from './fixtures.ts';

/**
 * Set-ups of decision 018 through the API: a licence (commission is payable only to an earner with
 * a verified licence for the product's line on the day of the sale) and the agency's verification
 * of sales (a close posts only the entries of verified sales).
 */

/** The first of January of last year: a licence issued then covers every sale recorded today. */
const ISSUED_ON = `${Number(todayInManila().slice(0, 4)) - 1}-01-01`;

/**
 * Gives a member a licence for `line`, added by the admin (so verified at once), issued on the
 * first of January of last year and expiring at the end of its three-year term.
 */
export async function licenseAgent(
  baseURL: string,
  member: Pick<Agent, 'id'>,
  { line = 'Non-Life', issuedOn = ISSUED_ON }: { line?: LicenseLine; issuedOn?: string } = {},
): Promise<void> {
  const admin = await loginApi(baseURL, ADMIN.username, ADMIN.password);
  try {
    const res = await admin.csrfPost(routes.addLicense.path, {
      id: member.id,
      line,
      license_no: `IC-${uniqueId()}`.slice(0, 40),
      issued_on: issuedOn,
      expires_on: defaultLicenseExpiry(issuedOn),
    });
    if (!res.ok()) throw new Error(`addlicense: ${res.status()} ${await res.text()}`);
  } finally {
    await admin.dispose();
  }
}

/** The admin verifies (or rejects, with a reason) the given sales. */
export async function verifySales(
  baseURL: string,
  saleIds: readonly number[],
  { decision = 'verified', reason }: { decision?: 'verified' | 'rejected'; reason?: string } = {},
): Promise<void> {
  const admin = await loginApi(baseURL, ADMIN.username, ADMIN.password);
  try {
    const res = await admin.csrfPost(routes.verifySales.path, { sale_ids: saleIds, decision, reason: reason ?? null });
    if (!res.ok()) throw new Error(`verifysales: ${res.status()} ${await res.text()}`);
  } finally {
    await admin.dispose();
  }
}

/** The member's sales as they read them (POST getsales), newest effective date first. */
export async function salesOf(baseURL: string, agent: Agent): Promise<SaleRecord[]> {
  const c = await loginApi(baseURL, agent.username, agent.password);
  try {
    const res = await c.csrfPost(routes.getSales.path, { id: agent.id });
    if (!res.ok()) throw new Error(`getsales: ${res.status()} ${await res.text()}`);
    return (await res.json()) as SaleRecord[];
  } finally {
    await c.dispose();
  }
}
