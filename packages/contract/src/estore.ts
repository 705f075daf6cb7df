import { z } from 'zod';
import { PRODUCTS } from './catalogue.ts';
import { LIMITS, controlCharacterMessage, hasControlCharacter, idField, memberIdSchema } from './common.ts';
import { LICENSE_LINES } from './licence-rules.ts';
import { MAX_TCV_PESOS } from './money.ts';
import {
  ESTORE_MESSAGES,
  MAX_STORE_QUESTIONS,
  STORE_ANSWER_MAX,
  STORE_DESCRIPTION_MAX,
  STORE_MESSAGE_MAX,
  STORE_QUESTION_MAX,
  STORE_REQUEST_STATUSES,
} from './estore-rules.ts';

export * from './estore-rules.ts';

/**
 * The E-Store (issue 48, decision 040): the agency's catalogue of store products, each agent's
 * public store page and its quote requests, which become the agent's deals.
 */

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine((v) => !hasControlCharacter(v.replace(/[\r\n\t]/g, ' ')), controlCharacterMessage(label));
const requiredText = (label: string, max: number) => text(label, max).refine((v) => v.length > 0, `${label} is required`);
const optionalFormText = (label: string, max: number) =>
  text(label, max)
    .optional()
    .transform((v) => (v ? v : null));

/** What a store shows of a product (the store page, the /estore preview). */
export const storeProductView = z.object({
  id: z.number(),
  product: z.string(),
  description: z.string(),
  /** "from ₱…": pesos, or null when the agency shows no price. */
  price_from: z.number().nullable(),
  questions: z.array(z.string()),
  image_url: z.string().nullable(),
});
export type StoreProductView = z.infer<typeof storeProductView>;

/** A product of the agency's store catalogue, as administrators manage it. */
export const storeProductRecord = storeProductView.extend({
  lines: z.array(z.enum(LICENSE_LINES)),
  shown: z.boolean(),
  updated_at: z.string(),
});
export type StoreProductRecord = z.infer<typeof storeProductRecord>;

/** POST storeproducts (administrators): the store catalogue, by product. */
export const storeProductsResponse = z.object({ products: z.array(storeProductRecord) });
export type StoreProductsResponse = z.infer<typeof storeProductsResponse>;

const boolField = (label: string) =>
  z
    .enum(['true', 'false'], { error: `${label} must be true or false` })
    .optional()
    .transform((v) => v !== 'false');

/**
 * POST savestoreproduct (administrators), multipart/form-data: a new store product (no
 * `product_id`) or a change of one, and its image under `image` (PNG, JPEG or WebP; kept when none
 * is sent). `questions`: one per line (none: the product's defaults); `lines`: comma-separated
 * licence lines among those decision 018's map allows for the product (none: all of them);
 * `price_from`: pesos, empty for no price.
 */
export const saveStoreProductFields = z
  .object({
    product_id: idField('product_id').optional(),
    product: z.enum(PRODUCTS as [string, ...string[]], { error: 'Product must be a product of the catalogue' }),
    description: requiredText('Description', STORE_DESCRIPTION_MAX),
    price_from: z
      .string()
      .trim()
      .optional()
      .transform((v, ctx) => {
        if (!v) return null;
        const n = Number(v.replace(/,/g, ''));
        if (!/^\d+(\.\d{1,2})?$/.test(v.replace(/,/g, '')) || !Number.isFinite(n) || n <= 0 || n > MAX_TCV_PESOS) {
          ctx.addIssue({ code: 'custom', message: 'Price from must be an amount in pesos, more than 0' });
          return z.NEVER;
        }
        return n;
      }),
    questions: text('Questions', (STORE_QUESTION_MAX + 1) * MAX_STORE_QUESTIONS)
      .optional()
      .transform((v, ctx) => {
        const list = (v ?? '')
          .split(/\r?\n/)
          .map((q) => q.trim())
          .filter(Boolean);
        if (list.length > MAX_STORE_QUESTIONS) ctx.addIssue({ code: 'custom', message: ESTORE_MESSAGES.tooManyQuestions });
        if (list.some((q) => q.length > STORE_QUESTION_MAX)) ctx.addIssue({ code: 'custom', message: ESTORE_MESSAGES.questionTooLong });
        return list;
      }),
    lines: text('Licence lines', LIMITS.line)
      .optional()
      .transform((v, ctx) => {
        const list = (v ?? '')
          .split(',')
          .map((l) => l.trim())
          .filter(Boolean);
        const unknown = list.find((l) => !(LICENSE_LINES as readonly string[]).includes(l));
        if (unknown) ctx.addIssue({ code: 'custom', message: `Licence lines must be among ${LICENSE_LINES.join(', ')}` });
        return [...new Set(list)] as (typeof LICENSE_LINES)[number][];
      }),
    shown: boolField('Shown'),
  })
  .strict();
export type SaveStoreProductFields = z.input<typeof saveStoreProductFields>;
export type SaveStoreProductInput = z.output<typeof saveStoreProductFields>;
export const STORE_IMAGE_FIELD = 'image';
export const saveStoreProductResponse = z.object({ product: storeProductRecord });

/** What an agent's store shows, and whether it is open. */
export const storeInfo = z.object({
  code: z.string(),
  /** `/s/<code>`: the portal's address is prefixed by the screen. */
  path: z.string(),
  /** The store's full address (the portal's address and the path), and its QR code as a PNG data URL. */
  url: z.string(),
  qr: z.string(),
  /** Open when the agent is approved, active, and holds a verified licence in force today. */
  open: z.boolean(),
  lines: z.array(z.string()),
  show_photo: z.boolean(),
  show_contact: z.boolean(),
  products: z.array(storeProductView),
});
export type StoreInfo = z.infer<typeof storeInfo>;

/** POST storesettings: what the agent's store shows of them. */
export const storeSettingsRequest = z
  .object({
    id: memberIdSchema,
    show_photo: z.boolean({ error: 'show_photo must be true or false' }),
    show_contact: z.boolean({ error: 'show_contact must be true or false' }),
  })
  .strict();
export type StoreSettingsRequest = z.input<typeof storeSettingsRequest>;
export const storeSettingsResponse = z.object({ store: storeInfo });

/** A client's request from a store, as its agent reads it. */
export const storeRequestRecord = z.object({
  id: z.number(),
  created_at: z.string(),
  product: z.string(),
  client_name: z.string(),
  client_mobile: z.string(),
  client_email: z.string().nullable(),
  message: z.string().nullable(),
  answers: z.array(z.object({ question: z.string(), answer: z.string() })),
  status: z.enum(STORE_REQUEST_STATUSES),
  deal_id: z.number().nullable(),
});
export type StoreRequestRecord = z.infer<typeof storeRequestRecord>;

/** One month of store figures (Manila months, YYYY-MM): page views, requests, deals, sales and their amount. */
export const storeMonthFigures = z.object({
  month: z.string(),
  views: z.number(),
  requests: z.number(),
  deals: z.number(),
  sales: z.number(),
  sales_amount: z.number(),
});
export type StoreMonthFigures = z.infer<typeof storeMonthFigures>;

/** POST storerequests {id, status?}: the member's store, its requests (newest first) and its figures by month. */
export const storeRequestsRequest = z
  .object({
    id: memberIdSchema,
    status: z.enum(STORE_REQUEST_STATUSES, { error: `status must be one of ${STORE_REQUEST_STATUSES.join(', ')}` }).optional(),
  })
  .strict();
export type StoreRequestsRequest = z.input<typeof storeRequestsRequest>;
export const storeRequestsResponse = z.object({
  store: storeInfo,
  requests: z.array(storeRequestRecord),
  figures: z.array(storeMonthFigures),
  /** A leader's team (the members below them, themselves included) or, for an administrator, the agency's: figures only. */
  team: z.object({ scope: z.enum(['team', 'agency']), members: z.number(), figures: z.array(storeMonthFigures) }).nullable(),
});
export type StoreRequestsResponse = z.infer<typeof storeRequestsResponse>;

/** POST setstorerequest: a request's new state (its agent, or an administrator). */
export const setStoreRequestRequest = z
  .object({
    request_id: idField('request_id'),
    status: z.enum(STORE_REQUEST_STATUSES, { error: `status must be one of ${STORE_REQUEST_STATUSES.join(', ')}` }),
  })
  .strict();
export type SetStoreRequestRequest = z.input<typeof setStoreRequestRequest>;
export const setStoreRequestResponse = z.object({ request: storeRequestRecord });

/** GET /s/:code and its form's address: a referral code. */
export const storeCodeParams = z.object({
  code: z
    .string()
    .trim()
    .min(1)
    .max(20)
    .regex(/^[A-Za-z0-9_-]+$/, 'Unknown store')
    .transform((v) => v.toUpperCase()),
});

/**
 * POST /s/:code/request: the store page's form (application/x-www-form-urlencoded), with the
 * page's own `token`, the honeypot `website` (left empty by people) and the product's answers
 * q1 … q6.
 */
export const storeRequestFields = z
  .object({
    token: z.string({ error: ESTORE_MESSAGES.tokenExpired }).max(200, ESTORE_MESSAGES.tokenExpired),
    product: idField('product'),
    name: requiredText('Name', LIMITS.name),
    mobile: z
      .string({ error: 'Mobile number is required' })
      .trim()
      .transform((v) => v.replace(/[\s-]/g, ''))
      .pipe(z.string().regex(/^(09\d{9}|\+639\d{9})$/, 'Mobile number must be 11 digits starting with 09 (or +639…)')),
    email: z
      .string()
      .trim()
      .max(LIMITS.line, `Email must be at most ${LIMITS.line} characters`)
      .optional()
      .transform((v) => (v ? v : null))
      .pipe(z.email('Email is not a valid email address').nullable()),
    message: optionalFormText('Message', STORE_MESSAGE_MAX),
    consent: z.literal('yes', { error: ESTORE_MESSAGES.consentRequired }),
    website: z.string().max(LIMITS.line).optional(),
    q1: optionalFormText('Answer', STORE_ANSWER_MAX),
    q2: optionalFormText('Answer', STORE_ANSWER_MAX),
    q3: optionalFormText('Answer', STORE_ANSWER_MAX),
    q4: optionalFormText('Answer', STORE_ANSWER_MAX),
    q5: optionalFormText('Answer', STORE_ANSWER_MAX),
    q6: optionalFormText('Answer', STORE_ANSWER_MAX),
  })
  .strict();
export type StoreRequestFields = z.input<typeof storeRequestFields>;
export type StoreRequestInput = z.output<typeof storeRequestFields>;
