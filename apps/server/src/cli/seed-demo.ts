/**
 * npm run seed:demo — fills the configured database (DATABASE_URL, STORAGE_DIR) with realistic
 * demo data through the same services the API uses: an agency owner, agency managers, managers
 * and agents in a 4-level sponsor hierarchy (a few still Pending), their deals and sales (with
 * plan names as insurers market them), Learning and Marketing sections with small real PDFs and
 * PNG images, the spec's four sample tickets and two agents' ticket conversations, and addresses,
 * bank details and certifications (some agents without), the commission schedule and the entries the sales earn. Insurance
 * Commission licences for most members (two agents without, one whose licence expires within 60
 * days, one licence awaiting verification) and most sales verified, one rejected, the rest
 * awaiting the admin (decision 018): so the Compliance page has held commissions and the Sales to
 * verify page has work. The demo agent (demo_agent111) holds policies in every status of the
 * Portfolio, with the clients' contacts (decision 025). Every demo member's password is printed once.
 * Refuses to run twice on the same database (it looks for the demo owner).
 *
 * Over 500 lines on purpose: one script whose steps share one sequence of pseudo-random numbers
 * and one `Demo`/`People` context; split across modules, every step would import them back.
 *
 * main() runs the steps below in order. Their order is part of the data: every step draws from one
 * sequence of pseudo-random numbers, so a step moved or a draw added changes what the later ones write.
 */
import { defaultExpiryDate, hasAnnualTerm } from '@ahente/contract/portfolio';
import { buildServices } from '../app.ts';
import { loadConfigOrExit, type Config } from '../config.ts';
import { connect, type Db } from '../db/connect.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { demoCounts } from '../db/demo-counts.ts';
import { sniffContentType } from '../platform/content-sniff.ts';
import { demoMaterials } from './demo-files.ts';
import { seedStatements } from './seed-statements.ts';
import { seedEstore } from './seed-estore.ts';
import {
  AGENCY_RATES,
  CUSTOMERS,
  DEMO_AGENCY_TAX,
  DEMO_INSURERS,
  FIRST,
  INSURERS,
  LAST,
  SAMPLE_TICKETS,
  UNKNOWN_INSURER_SPELLING,
  planName,
} from './demo-data.ts';
import { newStorageKey } from '../platform/storage.ts';
import type { Auth } from '../platform/sessions.ts';
import { accessLogWriter } from '../platform/access-log-repository.ts';
import { PRODUCT_CATALOGUE, PRODUCT_CATEGORIES, type Product } from '@ahente/contract/catalogue';
import { DEAL_STATUSES, SALES_GROUPS, TRANSACTION_TYPES } from '@ahente/contract/enums';
import type { TicketType } from '@ahente/contract/tickets';
import { setRateRequest } from '@ahente/contract/commissions';
import { saveInsurerRequest, setInsurerRateRequest } from '@ahente/contract/insurers';
import { addLicenseRequest, type LicenseLine } from '@ahente/contract/licences';
import { addDays, todayInManila } from '@ahente/contract/dates';

const PASSWORD = 'demo-pass-2026';

/** Deterministic pseudo-random numbers, so two runs on empty databases give the same data. */
let seed = 20261121;
const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
const day = (offset: number) => new Date(Date.UTC(2026, 10, 21) - offset * 86_400_000).toISOString().slice(0, 10);

/** What every step works with: the configuration, the database and the services the API uses. */
interface Demo {
  config: Config;
  db: Db;
  s: ReturnType<typeof buildServices>;
  /** The money rules' clock: the real one (null), but for the months of commission history the demo writes in the past. */
  clock: { at: Date | null };
}

/** The demo's members as the steps name them: the agency owner and the 12 approved agents. */
interface People {
  owner: number;
  agents: number[];
}

/** A session of the seed's own, as the administrator or as a member. */
const asAdmin = (memberId: number): Auth => ({ memberId, accountType: 'admin', sessionId: 'seed' });
const asMember = (memberId: number): Auth => ({ memberId, accountType: 'user', sessionId: 'seed' });

async function main() {
  const config = loadConfigOrExit();
  const db = connect(config.databaseUrl, { preparedStatements: config.databasePreparedStatements });
  await migrateToLatest(db);
  const clock: Demo['clock'] = { at: null };
  const demo: Demo = { config, db, s: buildServices({ config, db, now: () => clock.at ?? new Date() }), clock };
  try {
    if (await demo.s.members.findByUsername('demo_owner')) {
      console.log('Demo data is already here (demo_owner exists): nothing done.');
      process.exit(0);
    }
    const people = await seedMembers(demo);
    // The administrator enters what an agency's administrator enters; without one, those steps are left out.
    const admin = await approvedAdmin(demo);
    if (admin) await seedCommissionRates(demo, admin);
    if (admin) await seedInsurers(demo, admin);
    if (admin) await seedLicences(demo, admin, people);
    const saleIds = await seedDealsAndSales(demo, people);
    if (admin && saleIds.length > 4) await verifySales(demo, admin, saleIds);
    const materialIds = await seedMaterials(demo, people);
    await seedSampleTickets(demo);
    if (admin) await seedTicketConversations(demo, admin, people);
    await seedSettings(demo, people);
    if (admin) await seedCommissionHistory(demo, admin, people);
    if (admin) await seedBookOfBusiness(demo, admin, people);
    if (admin) await seedPrivacy(demo, admin, people);
    // Insurers' statements for September and October 2026, reconciled (issue 45): no pseudo-random draw.
    if (admin) await seedStatements(demo.s, admin, [people.owner, ...people.agents], config.agencyName);
    await seedProposals(demo, people);
    // The E-Store (issue 48): the catalogue, the licensed agents' stores, requests in every state.
    if (admin) {
      const store = await seedEstore(demo.s, admin, people.agents);
      console.log(`E-Store: ${store.products} store products, ${store.requests} requests from clients`);
    }
    if (admin) await seedUniversity(demo, admin, people, materialIds);
    await printSummary(demo);
    await runDailyJob(demo);
    console.log(`Every demo member's password: ${PASSWORD}`);
  } finally {
    await db.close();
  }
}

/**
 * The administrator (created when there is none), then the agency: its owner, two agency managers,
 * two managers under each, three agents and one Pending sign-up under each manager.
 */
async function seedMembers({ db, s }: Demo): Promise<People> {
  const admin = await s.accounts.ensureAdmin();
  if (admin?.generatedPassword) console.log(`Administrator created: ${admin.username} / ${admin.generatedPassword}`);
  let n = 0;
  const member = async (
    username: string,
    referror: number | null,
    position: 'Agent' | 'Manager' | 'AgencyManager' | 'AgencyOwner',
    status: 'Approved' | 'Pending' = 'Approved',
  ) => {
    const f = FIRST[n % FIRST.length]!;
    const l = LAST[(n * 5) % LAST.length]!;
    n += 1;
    const id = await s.accounts.create({
      username,
      password: PASSWORD,
      email: `${username}@demo.ahente.ph`,
      f_name: f,
      m_name: null,
      l_name: l,
      contact_no: `0917${String(1000000 + n * 7919).slice(-7)}`,
      referror,
      position,
      status,
    });
    // Each signed up through the form: their consent to the privacy notice (decision 027).
    await db.db.transaction().execute((trx) => s.notices.recordSignUpConsent(trx, id, '203.177.12.34'));
    return id;
  };

  const owner = await member('demo_owner', null, 'AgencyOwner');
  const agents: number[] = [];
  for (let a = 1; a <= 2; a++) {
    const am = await member(`demo_am${a}`, owner, 'AgencyManager');
    for (let m = 1; m <= 2; m++) {
      const mgr = await member(`demo_mgr${a}${m}`, am, 'Manager');
      for (let g = 1; g <= 3; g++) agents.push(await member(`demo_agent${a}${m}${g}`, mgr, 'Agent'));
      await member(`demo_pending${a}${m}`, mgr, 'Agent', 'Pending');
    }
  }
  // One agent reads the portal in Filipino (decision 030): demo_agent121's choice, which every
  // device they sign in on takes.
  await s.auth.setLanguage(asMember(agents[3]!), 'fil');
  return { owner, agents };
}

/** The first approved administrator, as the seed's session, or null. */
async function approvedAdmin({ s }: Demo): Promise<Auth | null> {
  const rater = (await s.team.listAll()).find((m) => m.account_type === 'admin' && m.status === 'Approved');
  return rater ? asAdmin(rater.id) : null;
}

/**
 * The commission schedule (decision 016) before the sales, so they earn entries: a rate for every
 * product but Pet Insurance (the admin's page flags it), and the three override rates.
 */
async function seedCommissionRates({ s, clock }: Demo, admin: Auth) {
  // Set on 1 July 2026, so that the history written below (July to October) earns commission.
  clock.at = new Date('2026-07-01T01:00:00.000Z');
  const today = todayInManila(clock.at);
  const CATEGORY_RATES: Record<string, string> = {
    Motor: '10',
    Fire: '12',
    Bonds: '15',
    Medical: '8',
    Group: '7.5',
    Liabilities: '12.5',
    Others: '10',
  };
  for (const category of PRODUCT_CATEGORIES) {
    for (const product of PRODUCT_CATALOGUE[category]) {
      if (product === 'Pet Insurance') continue;
      await s.commissions.setRate(
        admin,
        setRateRequest.parse({ kind: 'product', key: product, rate: CATEGORY_RATES[category], effective_from: today }),
      );
    }
  }
  for (const [position, rate] of [
    ['Manager', '3'],
    ['AgencyManager', '2'],
    ['AgencyOwner', '1'],
  ] as const) {
    await s.commissions.setRate(admin, setRateRequest.parse({ kind: 'override', key: position, rate, effective_from: today }));
  }
  clock.at = null;
}

/**
 * Licences (decision 018), entered by the admin as an adopting agency does from the Compliance
 * page: every leader and most agents licensed for the lines the demo sells; two agents without
 * (their commission is held), one licence expiring within 60 days (the dashboard banner), one
 * submitted by its agent and awaiting verification.
 */
async function seedLicences({ s }: Demo, admin: Auth, { agents }: People) {
  const UNLICENSED = new Set([agents[2], agents[11]]);
  const EXPIRING = agents[4];
  const PENDING = agents[7];
  const LINES: LicenseLine[] = ['Non-Life', 'HMO', 'Life', 'Pre-Need'];
  const seedDay = todayInManila();
  const leaders = (await s.team.listAll()).filter((m) => m.position !== 'Agent' && m.account_type === 'user' && m.status === 'Approved');
  for (const id of [...leaders.map((m) => m.id), ...agents]) {
    if (UNLICENSED.has(id)) continue;
    const issued = id === EXPIRING ? '2023-02-01' : '2024-03-01';
    const expires = id === EXPIRING ? addDays(seedDay, 40) : '2027-12-31';
    for (const [i, line] of LINES.entries()) {
      const input = addLicenseRequest.parse({
        id,
        line,
        license_no: `${line === 'Non-Life' ? 'NL' : line === 'HMO' ? 'HMO' : line === 'Life' ? 'L' : 'PN'}-${issued.slice(0, 4)}-${String(id * 31 + i).padStart(6, '0')}`,
        insurer: pick(INSURERS),
        issued_on: issued,
        expires_on: expires,
      });
      // One agent submits their Non-Life licence themselves: pending until the admin verifies it.
      if (id === PENDING && line === 'Non-Life') await s.licences.add(asMember(id), input);
      else await s.licences.add(admin, input);
    }
  }
}

/** Eight deals each for the owner and every agent over the last eight months; two in five sold. Answers the sales' ids. */
async function seedDealsAndSales({ s }: Demo, { owner, agents }: People): Promise<number[]> {
  const saleIds: number[] = [];
  for (const id of [owner, ...agents]) {
    for (let i = 0; i < 8; i++) {
      const category = pick(PRODUCT_CATEGORIES);
      const agentSale = rand() < 0.25;
      const deal = await s.deals.add({
        id,
        customerName: pick(CUSTOMERS),
        transactionType: pick(TRANSACTION_TYPES),
        product: pick(PRODUCT_CATALOGUE[category]),
        tcvValue: Math.round(rand() * 50_000_000) / 100,
        effectiveDate: day(Math.floor(rand() * 240)),
        dealStatus: pick(DEAL_STATUSES),
        salesType: agentSale ? 'Agent' : 'Direct',
        referror: agentSale ? `${pick(FIRST)} ${pick(LAST)}` : null,
        agent: agentSale ? `${pick(FIRST)} ${pick(LAST)}` : null,
        salesGroup: pick(SALES_GROUPS),
        customer_contact: null,
        customer_email: null,
      });
      if (rand() < 0.4) {
        const sale = await s.sales.add({
          id,
          formData: {
            dealid: deal.id,
            customerName: deal.customer_name,
            transactionType: deal.tx_type,
            product: deal.product as Product,
            tcv: deal.tcv,
            sales_type: deal.sales_type,
            referror: deal.referror,
            agent: deal.agent,
            deal_status: deal.deal_status,
            sales_group: deal.sales_group,
            policy: `POL-${2026}-${String(deal.id).padStart(5, '0')}`,
            insurer: pick(INSURERS),
            planName: planName(deal.product as Product, deal.id),
            effectiveDate: deal.effective_date,
            expiry_date: hasAnnualTerm(deal.product) ? defaultExpiryDate(deal.effective_date) : null,
            customer_contact: deal.customer_contact,
            customer_email: deal.customer_email,
          },
        });
        saleIds.push(sale.id);
      }
    }
  }
  return saleIds;
}

/**
 * The agency verifies most sales against the insurers' records; one is rejected (its TCV did not
 * match the policy), and the newest stay on the admin's Sales to verify page.
 */
async function verifySales({ s }: Demo, admin: Auth, saleIds: number[]) {
  const toVerify = saleIds.slice(0, Math.floor(saleIds.length * 0.7));
  await s.sales.verify(admin, { sale_ids: toVerify.slice(1), decision: 'verified', reason: null });
  await s.sales.verify(admin, {
    sale_ids: [toVerify[0]!],
    decision: 'rejected',
    reason: 'TCV does not match the policy issued by the insurer',
  });
}

/** Real small files (decision 022): PDFs and PNG images, in the Learning and the Marketing library. */
async function seedMaterials({ config, s }: Demo, { owner }: People): Promise<number[]> {
  const ids: number[] = [];
  const uploader = await s.members.findByUsername(config.adminUsername ?? 'admin');
  const auth = asAdmin(uploader?.id ?? owner);
  const files = await demoMaterials(config.agencyName);
  const sections = new Map<string, number>();
  for (const { library, section: sectionName, fileName, bytes } of files) {
    if (!sections.has(sectionName)) sections.set(sectionName, (await s.materials.createSection({ name: sectionName, library })).id);
    const contentType = sniffContentType(bytes, fileName);
    if (!contentType) throw new Error(`demo file ${fileName} is not an allowed type`);
    const key = newStorageKey('materials');
    const { size } = await s.storage.put(key, bytes);
    const material = await s.materials.create(
      auth,
      { fields: { sectionId: String(sections.get(sectionName)) }, file: { field: 'file', key, size, fileName, contentType } },
      console,
    );
    ids.push(material.id);
  }
  return ids;
}

/** The four sample tickets of the spec's Tickets List, all Pending, one of each type: the agency's own (no member). */
async function seedSampleTickets({ s }: Demo) {
  for (const [type, title, description] of SAMPLE_TICKETS) await s.tickets.open(null, { type, title, description });
}

/**
 * Two agents' tickets as conversations with the agency (decision 020): one still Pending, one
 * Resolved with the closing message the agent reads in the Help Center.
 */
async function seedTicketConversations({ s }: Demo, agency: Auth, { agents }: People) {
  const conversation = async (agentId: number, type: TicketType, title: string, description: string, lines: Array<[Auth, string]>) => {
    const ticket = await s.tickets.open(agentId, { type, title, description });
    for (const [auth, message] of lines) await s.tickets.reply(auth, { ticket_id: ticket.id, message });
    return ticket.id;
  };
  await conversation(
    agents[0]!,
    'finance',
    'Payout for October not in my account',
    'My October payout has not reached my BDO account yet.',
    [
      [agency, 'Which account number did you give us? We will trace the payout today.'],
      [asMember(agents[0]!), 'BDO 0012 3456 7890, in my name.'],
    ],
  );
  const resolved = await conversation(
    agents[1]!,
    'registration',
    'Recruit cannot finish sign-up',
    'My recruit says the registration page rejects my referral code.',
    [
      [agency, 'Please send us her username so we can look at her sign-up.'],
      [asMember(agents[1]!), 'Her username is jdelacruz.'],
    ],
  );
  await s.tickets.close(
    {
      ticketId: resolved,
      status: 'Resolved',
      message: 'Her account is approved; she can sign in now. The link from your profile works.',
    },
    agency.memberId,
  );
}

/**
 * Settings (decision 015): an address from the PSA list, a gender and a birthday for every approved
 * demo member; bank details for most; certifications for two agents in three, so that the
 * dashboard's reminder and the Members Record's "No certification on file" have someone to show.
 */
async function seedSettings({ s }: Demo, { owner, agents }: People) {
  const BANKS = ['BDO Unibank', 'Bank of the Philippine Islands', 'Metrobank', 'Land Bank of the Philippines', 'Security Bank'];
  for (const [i, id] of [owner, ...agents].entries()) {
    const region = pick(s.geo.regions());
    const city = pick(s.geo.cities(region.code)!);
    const barangay = pick(s.geo.barangays(city.code)!);
    const m = (await s.members.findById(id))!;
    // As the member saves them in Settings (no admin in the audit trail).
    const self = asMember(id);
    await s.members.edit(
      self,
      {
        id,
        gender: i % 2 === 0 ? 'female' : 'male',
        birthdate: day(365 * 25 + Math.floor(rand() * 365 * 20)),
        address_number: `${1 + Math.floor(rand() * 200)}`,
        address_street: `${pick(['Rizal', 'Mabini', 'Bonifacio', 'Luna', 'Burgos'])} St`,
        address_region: region.code,
        address_city: city.code,
        address_barangay: barangay.code,
      },
      console,
    );
    if (i % 5 !== 4) {
      const account_number = String(100_000_000_000 + Math.floor(rand() * 899_999_999_999));
      await s.settings.saveBank(self, { id, bank_name: pick(BANKS), account_number, account_name: `${m.f_name} ${m.l_name}` });
    }
    if (i % 3 !== 2) {
      await s.settings.addCertification({
        id,
        lfa_code: `LFA-${String(id).padStart(5, '0')}`,
        cirm_code: `CIRM-${String(id * 7).padStart(5, '0')}`,
        coding_date_1: day(300 + Math.floor(rand() * 200)),
        coding_date_2: i % 2 === 0 ? day(100 + Math.floor(rand() * 150)) : null,
        individual_hmo: day(200 + Math.floor(rand() * 100)),
        sme_hmo: null,
        corporate_gyrt: i % 4 === 0 ? day(150) : null,
        prepaid_hmo: null,
        corporate_cgli: null,
        corporate_hmo: null,
        createdat: null,
      });
    }
  }
}

/**
 * Commission history (decision 019): July to October 2026 closed, with sales verified each month;
 * July to September paid, so the third quarter has withholding (BIR Form 2307, the alphalist); one
 * agent's rate 10 % from August (their sworn declaration); a July sale cancelled in October with a
 * partial refund, so that agent's October statement is negative and carried forward; small override
 * statements carried under the ₱500.00 minimum; TINs for most members.
 */
async function seedCommissionHistory({ s, clock }: Demo, admin: Auth, { owner, agents }: People) {
  // The demo agency's tax details (decision 019), saved as an administrator saves them on Admin
  // Panel → Commissions, so a newcomer downloads a real BIR Form 2307 with no AGENCY_TIN,
  // AGENCY_ADDRESS or AGENCY_RDO set; an agency's own values (saved, or in the environment) are
  // kept.
  if ((await s.tax.agencyTaxDetailsMissing()).length > 0) {
    await s.tax.setAgencyTaxDetails(admin, { ...DEMO_AGENCY_TAX });
  }
  const sellers = [agents[0]!, agents[1]!, agents[3]!, agents[5]!, agents[6]!, agents[8]!];
  const everyone = [
    owner,
    ...(await s.team.listAll())
      .filter((m) => m.position !== 'Agent' && m.account_type === 'user' && m.status === 'Approved')
      .map((m) => m.id),
    ...agents,
  ];
  for (const [i, id] of [...new Set(everyone)].entries()) {
    if (i % 7 === 6) continue; // a few without a TIN: the alphalist counts them
    // As the member enters it in Personal Details.
    const tin = `${String(100 + i).padStart(3, '0')}-${String(200 + ((id * 37) % 800)).padStart(3, '0')}-${String(300 + ((id * 53) % 700)).padStart(3, '0')}`;
    await s.members.edit(asMember(id), { id, tin }, console);
  }
  const sellIn = async (month: string, seller: number, tcv: number) => {
    clock.at = new Date(`${month}-10T02:00:00.000Z`);
    const product: Product = pick(['Comprehensive', 'Commercial Fire', 'Individual', 'GYRT'] as const satisfies readonly Product[]);
    const deal = await s.deals.add({
      id: seller,
      customerName: pick(CUSTOMERS),
      transactionType: 'New',
      product,
      tcvValue: tcv,
      effectiveDate: `${month}-01`,
      dealStatus: 'For Application',
      salesType: 'Direct',
      referror: null,
      agent: null,
      salesGroup: pick(SALES_GROUPS),
      customer_contact: null,
      customer_email: null,
    });
    const sale = await s.sales.add({
      id: seller,
      formData: {
        dealid: deal.id,
        customerName: deal.customer_name,
        transactionType: deal.tx_type,
        product,
        tcv,
        sales_type: 'Direct',
        referror: null,
        agent: null,
        deal_status: deal.deal_status,
        sales_group: deal.sales_group,
        policy: `POL-${month.slice(0, 4)}-${String(deal.id).padStart(5, '0')}`,
        insurer: pick(INSURERS),
        planName: planName(product, deal.id),
        effectiveDate: `${month}-01`,
        expiry_date: defaultExpiryDate(`${month}-01`),
        customer_contact: null,
        customer_email: null,
      },
    });
    await s.sales.verify(admin, { sale_ids: [sale.id], decision: 'verified', reason: null });
    return sale.id;
  };
  // A month is closed once it has ended (decision 016): the morning of the next month's first day,
  // Manila time.
  const closingDay = (month: string) => new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 1, 1)).toISOString();
  let cancelled = 0;
  for (const month of ['2026-07', '2026-08', '2026-09', '2026-10']) {
    for (const [k, seller] of sellers.entries()) {
      if (month === '2026-10' && k === 0) continue; // the agent whose July sale is cancelled sells nothing in October
      const id = await sellIn(month, seller, 40_000 + Math.round(rand() * 160_000) + (k === 0 && month === '2026-07' ? 300_000 : 0));
      if (k === 0 && month === '2026-07') cancelled = id;
    }
    if (month === '2026-07') {
      clock.at = new Date('2026-07-31T02:00:00.000Z');
      await s.tax.setWithholding(admin, {
        member_id: sellers[1]!,
        rate: 10,
        effective_from: '2026-08-01',
        reason: 'Sworn declaration received 2026-07-30: gross income above ₱3,000,000',
      });
    }
    if (month === '2026-10') {
      clock.at = new Date('2026-10-15T02:00:00.000Z');
      await s.sales.cancel(admin, {
        sale_id: cancelled,
        cancelled_on: '2026-10-12',
        reason: 'Client cancelled the policy; pro-rata refund by the insurer',
        refund: 250_000,
      });
    }
    clock.at = new Date(closingDay(month));
    await s.commissions.closePeriod(admin, month);
    if (month !== '2026-10') {
      clock.at = new Date(`${month.slice(0, 5)}${String(Number(month.slice(5, 7)) + 1).padStart(2, '0')}-05T02:00:00.000Z`);
      for (const st of await s.commissions.statementsOfPeriod(month)) {
        if (st.carried) continue;
        await s.commissions.markPaid(admin, {
          statement_id: st.id,
          paid_on: todayInManila(clock.at),
          reference: `BDO-${month.replace('-', '')}-${st.member_id}`,
        });
      }
    }
  }
  clock.at = null;
}

/**
 * The book of business (decision 025): the demo agent's policies in every status, with the clients'
 * contacts, on the real clock: in force, due in 20 days, lapsed, renewed (its renewal deal sold),
 * cancelled, and a Memorial Plan (no term).
 */
async function seedBookOfBusiness({ db, s }: Demo, admin: Auth, { agents }: People) {
  const holder = agents[0]!;
  const today = todayInManila();
  const sellPolicy = async (customer: string, contact: string, product: Product, expiry: string | null, insurer: string) => {
    const effective = expiry ? addDays(expiry, -364) : addDays(today, -90);
    const email = `${customer.toLowerCase().replace(/[^a-z]+/g, '.')}@example.ph`;
    const deal = await s.deals.add({
      id: holder,
      customerName: customer,
      transactionType: 'New',
      product,
      tcvValue: 8_000 + Math.round(rand() * 4_000_000) / 100,
      effectiveDate: effective,
      dealStatus: 'For Payment Collection',
      salesType: 'Direct',
      referror: null,
      agent: null,
      salesGroup: pick(SALES_GROUPS),
      customer_contact: contact,
      customer_email: email,
    });
    return sellDeal(deal, insurer);
  };
  const sellDeal = async (deal: Awaited<ReturnType<typeof s.deals.add>>, insurer: string) => {
    const sale = await s.sales.add({
      id: holder,
      formData: {
        dealid: deal.id,
        customerName: deal.customer_name,
        transactionType: deal.tx_type,
        product: deal.product as Product,
        tcv: deal.tcv,
        sales_type: deal.sales_type,
        referror: deal.referror,
        agent: deal.agent,
        deal_status: deal.deal_status,
        sales_group: deal.sales_group,
        policy: `POL-${deal.effective_date.slice(0, 4)}-${String(deal.id).padStart(5, '0')}`,
        insurer,
        planName: planName(deal.product as Product, deal.id),
        effectiveDate: deal.effective_date,
        expiry_date: hasAnnualTerm(deal.product) ? defaultExpiryDate(deal.effective_date) : null,
        customer_contact: deal.customer_contact,
        customer_email: deal.customer_email,
      },
    });
    await s.sales.verify(admin, { sale_ids: [sale.id], decision: 'verified', reason: null });
    return sale;
  };
  // Malayan, as the agent misspelt it: no insurer's name or alias (Admin Panel → Insurers lists it to link).
  await sellPolicy('Rosario Dizon', '09171112233', 'Comprehensive', addDays(today, 200), UNKNOWN_INSURER_SPELLING);
  await sellPolicy('Ernesto Lim', '09182223344', 'CTPL', addDays(today, 20), 'Pioneer Insurance');
  await sellPolicy('Celia Ramos', '09193334455', 'Commercial Fire', addDays(today, -12), 'FPG Insurance');
  // Due in 10 days and renewed: its Renewal deal (Portfolio's Renew), sold.
  const renewed = await sellPolicy('Danilo Uy', '09204445566', 'Individual', addDays(today, 10), 'Maxicare');
  const { deal_id } = await s.portfolio.startRenewal(asMember(holder), { sale_id: renewed.id });
  await sellDeal({ ...(await s.deals.requireOwned(db.db, holder, deal_id)), deal_status: 'For Payment Collection' }, 'Maxicare');
  const cancelled = await sellPolicy('Felisa Santos', '09215556677', 'Travel Insurance', addDays(today, 150), 'Malayan Insurance');
  await s.sales.cancel(admin, {
    sale_id: cancelled.id,
    cancelled_on: today,
    reason: 'Trip called off; full refund by the insurer',
    refund: null,
  });
  await sellPolicy('Gregorio Tan', '09226667788', 'Memorial Plan', null, 'Intellicare');
}

/**
 * Privacy (decision 027): an agent's open erasure request and another's privacy ticket on the
 * admin's Privacy page with their deadlines; the agency's reads of demo_agent111's sensitive data
 * in the access log (what the hook writes when an admin opens them), which the agent sees in
 * Settings → Privacy.
 */
async function seedPrivacy({ db, s }: Demo, admin: Auth, { agents }: People) {
  await s.erasure.request(agents.at(-1)!, PASSWORD);
  await s.tickets.open(agents[1]!, {
    type: 'privacy',
    title: 'Please correct my surname',
    description: 'My surname is misspelt on my profile since my approval. Please correct it to match my valid ID.',
  });
  const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * 3_600_000).toISOString();
  const actor_id = admin.memberId;
  await accessLogWriter.insert(db.db, [
    { actor_id, subject_id: agents[0]!, what: 'personal_details', detail: null, ip: '203.177.12.34', at: at(50) },
    { actor_id, subject_id: agents[0]!, what: 'bank_details', detail: null, ip: '203.177.12.34', at: at(49) },
    { actor_id, subject_id: agents[0]!, what: 'valid_id', detail: null, ip: '203.177.12.34', at: at(26) },
  ]);
}

/**
 * The insurers (decision 037), with their other spellings and the agency's schedule: each
 * category's rate from 1 January 2026, and Malayan's Motor rates raised from 1 October 2026 (a
 * history to read). Saved before the sales, which are linked as they are recorded.
 */
async function seedInsurers({ s }: Demo, admin: Auth) {
  for (const insurer of DEMO_INSURERS) {
    const { insurer: saved } = await s.insurers.save(
      admin,
      saveInsurerRequest.parse({ name: insurer.name, code: insurer.code, aliases: insurer.aliases, active: true }),
    );
    for (const category of insurer.categories) {
      for (const product of PRODUCT_CATALOGUE[category]) {
        const rate = (effective_from: string, value: string) =>
          s.insurers.setRate(admin, setInsurerRateRequest.parse({ insurer_id: saved.id, product, rate: value, effective_from }));
        await rate('2026-01-01', AGENCY_RATES[category]!);
        if (insurer.code === 'MIC' && category === 'Motor') await rate('2026-10-01', '22.5');
      }
    }
  }
}

/**
 * Proposals (decision 038) of the first two agents in every status: a draft, a sent one the client
 * opened (its second version), one accepted through the link (its deal), one declined with a
 * reason, one withdrawn, and one sent 40 days ago and now expired.
 */
async function seedProposals({ s, clock }: Demo, { agents }: People) {
  const motor = (id: number, client: string, premium: number) => ({
    id,
    client: { name: client, contact: '09171234567', email: null },
    product: 'Comprehensive' as const,
    options: [
      {
        insurer: 'Malayan Insurance',
        plan_name: 'Motor Plus',
        sum_insured: 850_000,
        basic_premium: premium,
        coverages: [
          { name: 'Own Damage/Theft', limit: '₱850,000' },
          { name: 'Excess Bodily Injury', limit: '₱100,000' },
          { name: 'Acts of Nature', limit: null },
        ],
        deductible: '₱2,000 per claim',
        remarks: null,
      },
      {
        insurer: 'Standard Insurance',
        plan_name: null,
        sum_insured: 850_000,
        basic_premium: premium + 1_250,
        coverages: [],
        deductible: null,
        remarks: null,
      },
    ],
    valid_until: null,
    start_date: null,
    notes: null,
    show_contact: true,
  });
  const ctpl = (id: number, client: string) => ({
    ...motor(id, client, 447),
    product: 'CTPL' as const,
    options: [
      {
        insurer: 'Malayan Insurance',
        plan_name: null,
        sum_insured: null,
        basic_premium: 447,
        coverages: [],
        deductible: null,
        remarks: null,
      },
    ],
  });
  for (const id of agents.slice(0, 2)) {
    const me = asMember(id);
    await s.proposals.save(me, motor(id, 'Ramon Villanueva', 18_437.55));
    const opened = await s.proposals.save(me, ctpl(id, 'Liza Mercado'));
    const link = await s.proposals.send(me, opened.id);
    await s.proposals.openLink(link.token, '203.177.12.34');
    await s.proposals.save(me, { ...ctpl(id, 'Liza Mercado'), proposal_id: opened.id, notes: 'Three-year CTPL for the new car' });
    const won = await s.proposals.save(me, motor(id, 'Carmela Ong', 24_300));
    const wonLink = await s.proposals.send(me, won.id);
    await s.proposals.acceptLink(wonLink.token, 1, '203.177.12.35');
    const lost = await s.proposals.save(me, motor(id, 'Dennis Aquino', 21_980));
    await s.proposals.declineLink((await s.proposals.send(me, lost.id)).token, 'Found a cheaper premium elsewhere', '203.177.12.36');
    const pulled = await s.proposals.save(me, ctpl(id, 'Teresa Lim'));
    await s.proposals.send(me, pulled.id);
    await s.proposals.withdraw(me, { proposal_id: pulled.id, reason: 'The client sold the vehicle' });
    clock.at = new Date(Date.now() - 40 * 86_400_000);
    try {
      const old = await s.proposals.save(me, motor(id, 'Alfredo Ramos', 19_500));
      await s.proposals.send(me, old.id);
    } finally {
      clock.at = null;
    }
  }
}

/**
 * University (decision 039): an onboarding course required of everyone (a text, a material of the
 * library, a video and a quiz; its certificate never expires) and a Non-Life product training
 * required of the members licensed for Non-Life (a quiz; valid 12 months), published; and members
 * in every state: completed with a certificate, in progress, a failed attempt, and a certificate
 * taken 14 months ago and now expired. The others have not started.
 */
async function seedUniversity({ s, clock }: Demo, auth: Auth, { agents }: People, materialIds: number[]) {
  const onboarding = await s.university.save(auth, {
    course_id: null,
    title: 'Agency onboarding',
    description: 'Who we are, how we work, and what the agency expects of every agent in the first month.',
    lines: [],
    modules: [
      {
        title: 'Welcome to the agency',
        kind: 'text',
        body: '# Welcome\n\nThe agency sells Life, Non-Life and HMO products of several insurers.\n\n- Record every deal the day you close it\n- Upload your licence before your first sale\n- Ask the Help Center when in doubt',
      },
      ...(materialIds[0] ? [{ title: 'The agency handbook', kind: 'material' as const, material_id: materialIds[0] }] : []),
      { title: 'How commissions are paid', kind: 'video', url: 'https://www.youtube.com/watch?v=ysz5S6PUM-U' },
    ],
    quiz: {
      pass_mark: 70,
      attempts_per_day: 3,
      questions: [
        {
          text: 'Who licenses insurance agents in the Philippines?',
          choices: ['The Insurance Commission', 'The LTO', 'The BIR'],
          correct: [0],
        },
        { text: 'When do you record a deal?', choices: ['The day it is closed', 'At the end of the month'], correct: [0] },
        { text: 'Which of these are Non-Life products?', choices: ['CTPL', 'GYRT', 'Commercial Fire', 'Memorial Plan'], correct: [0, 2] },
      ],
    },
    certificate_months: null,
    required: { scope: 'everyone', value: null },
  });
  await s.university.publish(onboarding.id);
  const nonLife = await s.university.save(auth, {
    course_id: null,
    title: 'Non-Life product training: Motor and Fire',
    description: 'What Comprehensive, CTPL and Commercial Fire cover, and how their premiums and taxes are worked out.',
    lines: ['Non-Life'],
    modules: [
      {
        title: 'Motor insurance',
        kind: 'text',
        body: '## CTPL and Comprehensive\n\nCTPL is **compulsory** for every registered vehicle; Comprehensive adds own damage, theft and acts of nature.',
      },
      {
        title: 'Commercial Fire',
        kind: 'text',
        body: '## Fire insurance\n\nCovers the building and its contents against fire and lightning; add-ons cover typhoon and flood.',
      },
    ],
    quiz: {
      pass_mark: 70,
      attempts_per_day: 3,
      questions: [
        { text: 'Is CTPL compulsory for a registered vehicle?', choices: ['Yes', 'No'], correct: [0] },
        { text: 'What does Comprehensive add to CTPL?', choices: ['Own damage and theft', 'Life cover', 'Nothing'], correct: [0] },
      ],
    },
    certificate_months: 12,
    required: { scope: 'line', value: 'Non-Life' },
  });
  await s.university.publish(nonLife.id);

  const take = async (memberId: number, courseId: number, options: { modules: number; pass?: boolean; fail?: boolean }) => {
    const me = asMember(memberId);
    const course = await s.university.get(me, memberId, courseId);
    for (const m of course.modules.slice(0, options.modules)) await s.university.completeModule(me, memberId, courseId, m.id);
    const answers = (right: boolean) =>
      course.quiz!.questions.map((q, i) => ({
        question_id: q.id,
        choices: right ? (courseId === onboarding.id ? [[0], [0], [0, 2]][i]! : [0]) : [1],
      }));
    if (options.fail) await s.university.submitQuiz(me, { id: memberId, course_id: courseId, answers: answers(false) });
    if (options.pass) await s.university.submitQuiz(me, { id: memberId, course_id: courseId, answers: answers(true) });
  };
  const [a, b, c, d, e] = agents;
  if (a) {
    await take(a, onboarding.id, { modules: 99, fail: true, pass: true });
    await take(a, nonLife.id, { modules: 99, pass: true });
  }
  if (b) await take(b, onboarding.id, { modules: 1 });
  if (c) await take(c, onboarding.id, { modules: 99, fail: true });
  if (d) {
    clock.at = new Date(Date.now() - 425 * 86_400_000);
    try {
      await take(d, nonLife.id, { modules: 99, pass: true });
    } finally {
      clock.at = null;
    }
    await take(d, onboarding.id, { modules: 99, pass: true });
  }
  if (e) await take(e, nonLife.id, { modules: 1, pass: true });
  console.log(
    'University: Agency onboarding (required of everyone) and a Non-Life product training, with members completed, in progress, failed and expired',
  );
}

/**
 * What the database now holds, counted there (decision 002): not the seed's own tallies, which left
 * out the sales of the commission history and of the book of business.
 */
async function printSummary({ db }: Demo) {
  const c = await demoCounts(db.db);
  console.log(
    [
      'Demo data, as the database now holds it:',
      `  ${c.members} members: owner demo_owner, agency managers demo_am1-2, managers demo_mgr11-22, agents demo_agent111-223 (demo_agent121 in Filipino); ${c.pendingMembers} Pending`,
      `  ${c.deals} deals; ${c.sales} sales: ${c.salesVerified} verified, ${c.salesRejected} rejected, ${c.salesAwaiting} awaiting verification, ${c.salesCancelled} cancelled`,
      `    (with demo_agent111's policies in every status: in force, due in 20 days, lapsed, renewed and its renewal, cancelled, a Memorial Plan)`,
      `  Commissions: ${c.closedMonths} months closed (July to October 2026), ${c.paidStatements} statements paid (July to September), one agent withheld at 10 %`,
      `  ${c.licences} licences (2 agents unlicensed: their commission is held), ${c.bankDetails} bank details, ${c.certifications} certifications`,
      `  ${c.sections} sections and ${c.materials} materials; ${c.tickets} tickets, ${c.ticketsPending} of them Pending (the 4 samples among them; one agent's conversation resolved)`,
      `  Insurers: ${c.insurers} insurers with aliases and ${c.insurerRates} agency rates; ${c.salesUnknownInsurer} sale naming an unknown insurer, to link on Admin Panel → Insurers`,
      `  Privacy: ${c.erasureRequestsOpen} erasure request open, a correction ticket, and ${c.accessLog} reads of demo_agent111's data in the access log`,
      `  Statements: ${c.statementImports} insurer statements imported (Malayan and Pioneer, September and October 2026), ${c.statementLines} lines in every state, ${c.salesVerifiedFromStatements} sales verified from a statement`,
    ].join('\n'),
  );
}

/**
 * The daily job once (decision 026), on the real clock: the policies due or lapsed and the licences
 * expiring get their reminders, unread in the bell, as on any morning.
 */
async function runDailyJob({ s }: Demo) {
  const daily = await s.reminders.runDaily();
  console.log(
    `Daily job: ${daily.policy_due} renewal reminders, ${daily.policy_lapsed} lapsed policies, ${daily.licence_expiring} licence reminders, ${daily.training} University reminders.`,
  );
}

await main();
