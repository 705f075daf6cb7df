import { createHmac, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import QRCode from 'qrcode';
import { categoryOf } from '@ahente/contract/catalogue';
import { LEADER_POSITIONS } from '@ahente/contract/commissions';
import { todayInManila } from '@ahente/contract/dates';
import {
  defaultStoreQuestions,
  ESTORE_MESSAGES,
  STORE_QUESTION_FIELDS,
  STORE_SOURCE,
  storePath,
  type SaveStoreProductInput,
  type StoreInfo,
  type StoreMonthFigures,
  type StoreProductRecord,
  type StoreProductView,
  type StoreRequestInput,
  type StoreRequestRecord,
  type StoreRequestsResponse,
  type StoreRequestStatus,
} from '@ahente/contract/estore';
import { linesFor, type LicenseLine } from '@ahente/contract/licence-rules';
import { centavosToPesos, pesosToCentavos } from '@ahente/contract/money';
import { fullName } from '@ahente/contract/names';
import { routePaths, pathOf } from '@ahente/contract/route-paths';
import type { Database } from '../../db/schema.ts';
import { badRequest, conflict, HttpError, notFound } from '../../platform/errors.ts';
import { isAdmin } from '../../platform/guards.ts';
import { secretRepository } from '../../platform/secret-repository.ts';
import type { Auth } from '../../platform/sessions.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { safeEqual } from '../../platform/tokens.ts';
import type { ReceivedUpload } from '../../platform/uploads.ts';
import type { AuthService } from '../auth/service.ts';
import type { DealsService } from '../deals/service.ts';
import type { NotificationsService } from '../notifications/service.ts';
import { estoreRepository as repo, type StoreProductRow } from './repository.ts';

/** A client address: 5 requests an hour (a family asking for two or three quotes, and a retry). */
export const STORE_ADDRESS_LIMIT = { max: 5, windowMs: 60 * 60_000 };
/** A store: 30 requests a day from all addresses (far above an agent's real day; a flood stops there). */
export const STORE_LIMIT = { max: 30, windowMs: 24 * 60 * 60_000 };
/** A page's token is good for 12 hours: a client who leaves the page open and comes back the same day. */
export const STORE_TOKEN_MS = 12 * 60 * 60_000;
export const STORE_IMAGE_KEY_PREFIX = 'store';

/** The agent a store shows: never their username or e-mail (decision 040). */
export interface StoreAgent {
  id: number;
  name: string;
  code: string;
  contact: string | null;
  photoUrl: string | null;
}

/** What GET /s/:code renders: an open store, or the closed page (unknown, disabled and unlicensed alike). */
export type StoreState =
  | {
      open: true;
      agent: StoreAgent;
      lines: string[];
      products: StoreProductView[];
      token: string;
      notice: { version: number; body: string };
    }
  | { open: false };

const parseList = (json: string): string[] => {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
};

const imageUrl = (row: Pick<StoreProductRow, 'id' | 'image_key'>) =>
  row.image_key ? `${pathOf(routePaths.storeImage, { id: row.id })}?v=${row.image_key.slice(-8)}` : null;

function productView(row: StoreProductRow): StoreProductView {
  return {
    id: row.id,
    product: row.product,
    description: row.description,
    price_from: row.price_from_centavos === null ? null : centavosToPesos(Number(row.price_from_centavos)),
    questions: parseList(row.questions),
    image_url: imageUrl(row),
  };
}

function productRecord(row: StoreProductRow): StoreProductRecord {
  return { ...productView(row), lines: parseList(row.lines) as LicenseLine[], shown: row.shown === 1, updated_at: row.updated_at };
}

type RequestRow = Awaited<ReturnType<typeof repo.requests>>[number];
function requestRecord(r: RequestRow): StoreRequestRecord {
  let answers: { question: string; answer: string }[] = [];
  try {
    const v: unknown = JSON.parse(r.answers);
    if (Array.isArray(v)) answers = v as { question: string; answer: string }[];
  } catch {
    answers = [];
  }
  return {
    id: r.id,
    created_at: r.created_at,
    product: r.product,
    client_name: r.client_name,
    client_mobile: r.client_mobile,
    client_email: r.client_email,
    message: r.message,
    answers,
    status: r.status,
    deal_id: r.deal_id,
  };
}

/** A UTC instant's Manila month (YYYY-MM). */
const manilaMonth = (iso: string) => todayInManila(new Date(iso)).slice(0, 7);

/**
 * The E-Store (issue 48, decision 040): the agency's catalogue, each licensed agent's public page,
 * the clients' requests (each a deal of the agent's, made in one transaction with the request and
 * the agent's notification) and the store figures.
 */
export function createEstoreService(
  db: Kysely<Database>,
  deps: {
    storage: FileStorage;
    deals: Pick<DealsService, 'addFromStore'>;
    notifier: Pick<NotificationsService, 'notify'>;
    auth: Pick<AuthService, 'limitAddress' | 'limitKey'>;
    agencyName: string;
    now?: () => Date;
  },
) {
  const now = deps.now ?? (() => new Date());
  const today = () => todayInManila(now());
  let secret: Promise<string> | null = null;
  const tokenSecret = () =>
    (secret ??= secretRepository.getOrCreate(db, 'estore-token', randomBytes(32).toString('base64url'), now().toISOString()));
  const mac = async (code: string, ts: string) =>
    createHmac('sha256', await tokenSecret())
      .update(`estore.${code}.${ts}`)
      .digest('base64url');

  /** A page's token: when it was made, signed with the server's secret for this store only. */
  async function issueToken(code: string): Promise<string> {
    const ts = now().getTime().toString(36);
    return `${ts}.${await mac(code, ts)}`;
  }
  async function tokenValid(code: string, token: string): Promise<boolean> {
    const dot = token.indexOf('.');
    if (dot <= 0) return false;
    const ts = token.slice(0, dot);
    const made = parseInt(ts, 36);
    const age = now().getTime() - made;
    if (!Number.isFinite(made) || age < -60_000 || age > STORE_TOKEN_MS) return false;
    return safeEqual(token.slice(dot + 1), await mac(code, ts));
  }

  /** The store of a member: its agent, open when approved, active and holding a verified licence in force today. */
  async function storeOf(member: NonNullable<Awaited<ReturnType<typeof repo.memberById>>>) {
    const active =
      member.account_type === 'user' && member.status === 'Approved' && member.deactivated_at === null && member.erased_at === null;
    const lines = active ? await repo.verifiedLines(db, member.id, today()) : [];
    const settings = await repo.settings(db, member.id);
    const showPhoto = settings?.show_photo === 1;
    const showContact = settings?.show_contact === 1;
    const products = (await repo.products(db)).filter((p) => p.shown === 1 && parseList(p.lines).some((l) => lines.includes(l)));
    return { open: lines.length > 0, lines, showPhoto, showContact, products };
  }

  async function info(memberId: number, base: string): Promise<StoreInfo> {
    const member = await repo.memberById(db, memberId);
    if (!member) throw notFound('Member not found');
    const s = await storeOf(member);
    const url = `${base}${storePath(member.referral_code)}`;
    return {
      code: member.referral_code,
      path: storePath(member.referral_code),
      url,
      qr: await QRCode.toDataURL(url, { width: 480, margin: 2, errorCorrectionLevel: 'M' }),
      open: s.open,
      lines: s.lines,
      show_photo: s.showPhoto,
      show_contact: s.showContact,
      products: s.products.map(productView),
    };
  }

  async function figures(memberIds: number[] | null): Promise<StoreMonthFigures[]> {
    const [views, requests] = await Promise.all([repo.views(db, memberIds), repo.requestFigures(db, memberIds)]);
    const months = new Map<string, StoreMonthFigures>();
    const month = (m: string) => {
      let f = months.get(m);
      if (!f) months.set(m, (f = { month: m, views: 0, requests: 0, deals: 0, sales: 0, sales_amount: 0 }));
      return f;
    };
    month(today().slice(0, 7));
    for (const v of views) month(v.month).views += Number(v.views);
    const amounts = new Map<string, number>();
    for (const r of requests) {
      const f = month(manilaMonth(r.created_at));
      f.requests++;
      if (r.deal_id !== null) f.deals++;
      if (r.sale_id !== null && r.sold_at) {
        const s = month(manilaMonth(r.sold_at));
        s.sales++;
        amounts.set(s.month, (amounts.get(s.month) ?? 0) + Number(r.tcv_centavos ?? 0));
      }
    }
    for (const [m, c] of amounts) month(m).sales_amount = centavosToPesos(c);
    return [...months.values()].sort((a, b) => b.month.localeCompare(a.month)).slice(0, 12);
  }

  return {
    issueToken,

    /** GET /s/:code: the store, or closed for an unknown, disabled or unlicensed code alike. Counts the view. */
    async page(code: string): Promise<StoreState> {
      const found = await repo.memberByCode(db, code);
      if (!found) return { open: false };
      const member = (await repo.memberById(db, found.id))!;
      const s = await storeOf(member);
      if (!s.open) return { open: false };
      await repo.countView(db, member.id, today().slice(0, 7));
      const notice = await repo.notice(db);
      return {
        open: true,
        agent: {
          id: member.id,
          name: fullName(member),
          code: member.referral_code,
          contact: s.showContact ? member.contact_no : null,
          photoUrl:
            s.showPhoto && member.photo
              ? `${pathOf(routePaths.storePhoto, { code: member.referral_code })}?v=${member.photo.slice(-8)}`
              : null,
        },
        lines: s.lines,
        products: s.products.map(productView),
        token: await issueToken(member.referral_code),
        notice,
      };
    },

    /**
     * POST /s/:code/request: limits first (per address, then per store), the honeypot (a filled one
     * answers thanks and saves nothing), the page's token, the store and product; then the deal, the
     * request and the agent's notification in one transaction.
     */
    async request(code: string, input: StoreRequestInput, ip: string): Promise<{ agentName: string; product: string; saved: boolean }> {
      await deps.auth.limitAddress('estore', ip, { ...STORE_ADDRESS_LIMIT, message: ESTORE_MESSAGES.tooMany });
      const found = await repo.memberByCode(db, code);
      const member = found ? await repo.memberById(db, found.id) : undefined;
      const s = member ? await storeOf(member) : null;
      if (!member || !s?.open) throw notFound('Unknown store');
      if (input.website && input.website.trim() !== '') {
        return { agentName: fullName(member), product: '', saved: false };
      }
      if (!(await tokenValid(member.referral_code, input.token))) throw new HttpError(400, ESTORE_MESSAGES.tokenExpired);
      const product = s.products.find((p) => p.id === input.product);
      if (!product) throw badRequest(ESTORE_MESSAGES.productUnavailable);
      await deps.auth.limitKey(`estore:store:${member.id}`, { ...STORE_LIMIT, message: ESTORE_MESSAGES.storeBusy });
      const questions = parseList(product.questions);
      const answers = questions
        .map((question, i) => ({ question, answer: input[STORE_QUESTION_FIELDS[i]!] ?? '' }))
        .filter((a) => a.answer !== '');
      const notes = [
        `${STORE_SOURCE} request for ${product.product}`,
        ...answers.map((a) => `${a.question}: ${a.answer}`),
        ...(input.message ? [`Message: ${input.message}`] : []),
      ]
        .join('\n')
        .slice(0, 4000);
      const at = now().toISOString();
      const mobile = input.mobile.startsWith('+63') ? `0${input.mobile.slice(3)}` : input.mobile;
      await db.transaction().execute(async (trx) => {
        const version = (await repo.notice(trx)).version;
        const dealId = await deps.deals.addFromStore(trx, {
          member_id: member.id,
          customer_name: input.name,
          customer_contact: mobile,
          customer_email: input.email,
          product: product.product,
          tx_type: 'New',
          tcv_centavos: 0,
          effective_date: today(),
          deal_status: 'For Quotation',
          sales_type: 'Direct',
          referror: null,
          agent: null,
          sales_group: categoryOf(product.product) === 'Motor' ? 'CarSalesGroup' : 'MedicalSalesGroup',
          insurer: null,
          source: STORE_SOURCE,
          notes,
        });
        await repo.insertRequest(trx, {
          member_id: member.id,
          product_id: product.id,
          product: product.product,
          client_name: input.name,
          client_mobile: mobile,
          client_email: input.email,
          message: input.message,
          answers: JSON.stringify(answers),
          status: 'new',
          deal_id: dealId,
          notice_version: version,
          consented_at: at,
          created_at: at,
          updated_at: at,
        });
        await deps.notifier.notify(trx, member.id, 'store_request', { client: input.name, product: product.product });
      });
      return { agentName: fullName(member), product: product.product, saved: true };
    },

    /** A product's image, for the store page: any shown product's (the catalogue is the agency's, public). */
    async image(id: number) {
      const row = await repo.product(db, id);
      if (!row || row.shown !== 1 || !row.image_key) throw notFound('No image');
      const file = await deps.storage.get(row.image_key);
      if (!file) throw notFound('No image');
      return { ...file, contentType: row.image_type ?? 'application/octet-stream' };
    },

    /** An open store's agent's photo, when they chose to show it; anything else: 404. */
    async photo(code: string) {
      const found = await repo.memberByCode(db, code);
      const member = found ? await repo.memberById(db, found.id) : undefined;
      const s = member ? await storeOf(member) : null;
      if (!member || !s?.open || !s.showPhoto || !member.photo) throw notFound('No photo');
      const file = await deps.storage.get(member.photo);
      if (!file) throw notFound('No photo');
      return { ...file, contentType: member.photo_type ?? 'application/octet-stream' };
    },

    /** storerequests: the member's store, requests and figures; a leader's team's figures, an administrator's agency's. */
    async requests(auth: Auth, memberId: number, status: StoreRequestStatus | undefined, base: string): Promise<StoreRequestsResponse> {
      const store = await info(memberId, base);
      const rows = await repo.requests(db, memberId, status);
      const own = await figures([memberId]);
      let team: StoreRequestsResponse['team'] = null;
      if (isAdmin(auth) && auth.memberId === memberId) {
        team = { scope: 'agency', members: 0, figures: await figures(null) };
      } else {
        const caller = await repo.memberById(db, auth.memberId);
        if (caller && auth.memberId === memberId && (LEADER_POSITIONS as readonly string[]).includes(caller.position)) {
          const ids = await repo.teamIds(db, memberId);
          team = { scope: 'team', members: ids.length, figures: await figures(ids) };
        }
      }
      return { store, requests: rows.map(requestRecord), figures: own, team };
    },

    /** setstorerequest: its agent or an administrator; anyone else is told it does not exist. */
    async setRequest(auth: Auth, requestId: number, status: StoreRequestStatus): Promise<StoreRequestRecord> {
      const row = await repo.request(db, requestId);
      if (!row || (row.member_id !== auth.memberId && !isAdmin(auth))) throw notFound(ESTORE_MESSAGES.requestNotFound);
      await repo.setStatus(db, requestId, status, now().toISOString());
      return requestRecord((await repo.request(db, requestId))!);
    },

    /** storesettings: what the store shows of its agent. */
    async saveSettings(memberId: number, showPhoto: boolean, showContact: boolean, base: string): Promise<StoreInfo> {
      if (!(await repo.memberById(db, memberId))) throw notFound('Member not found');
      await repo.saveSettings(db, {
        member_id: memberId,
        show_photo: showPhoto ? 1 : 0,
        show_contact: showContact ? 1 : 0,
        updated_at: now().toISOString(),
      });
      return info(memberId, base);
    },

    /** storeproducts: the catalogue, by product. */
    async products(): Promise<StoreProductRecord[]> {
      return (await repo.products(db)).map(productRecord);
    },

    /**
     * savestoreproduct: a new product or a change; its lines among those decision 018's map allows
     * (none: all of them), its questions the product's defaults when none are given. The uploaded
     * image replaces the old one (deleted once the row is saved); on a refusal the upload is deleted.
     */
    async saveProduct(auth: Auth, input: SaveStoreProductInput, upload: ReceivedUpload['file']): Promise<StoreProductRecord> {
      try {
        const allowed = linesFor(input.product);
        const lines = input.lines.length ? input.lines : [...allowed];
        const bad = lines.find((l) => !allowed.includes(l));
        if (bad) throw badRequest(ESTORE_MESSAGES.linesNotAllowed(input.product, allowed.join(', ')));
        const at = now().toISOString();
        const values = {
          product: input.product,
          description: input.description,
          price_from_centavos: input.price_from === null ? null : pesosToCentavos(input.price_from),
          questions: JSON.stringify(input.questions.length ? input.questions : defaultStoreQuestions(input.product)),
          lines: JSON.stringify(lines),
          shown: input.shown ? 1 : 0,
          updated_at: at,
          updated_by: auth.memberId,
          ...(upload ? { image_key: upload.key, image_type: upload.contentType } : {}),
        };
        let id: number;
        let oldImage: string | null = null;
        if (input.product_id !== undefined) {
          const current = await repo.product(db, input.product_id);
          if (!current) throw notFound(ESTORE_MESSAGES.productNotFound);
          const other = await repo.productByName(db, input.product);
          if (other && other.id !== current.id) throw conflict(ESTORE_MESSAGES.productTaken);
          if (upload) oldImage = current.image_key;
          await repo.updateProduct(db, current.id, values);
          id = current.id;
        } else {
          if (await repo.productByName(db, input.product)) throw conflict(ESTORE_MESSAGES.productTaken);
          id = await repo.insertProduct(db, { image_key: null, image_type: null, ...values, created_at: at });
        }
        if (oldImage) await deps.storage.delete(oldImage).catch(() => {});
        return productRecord((await repo.product(db, id))!);
      } catch (err) {
        if (upload) await deps.storage.delete(upload.key).catch(() => {});
        throw err;
      }
    },

    agencyName: deps.agencyName,
  };
}

export type EstoreService = ReturnType<typeof createEstoreService>;
