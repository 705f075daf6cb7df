import { categoryOf } from './catalogue.ts';

/**
 * The E-Store's constants (issue 48, decision 040), without zod: the /estore screen's first load
 * reads them. The schemas are in estore.ts.
 */

/** A store request's state, as the agent moves it on /estore (a new request starts `new`). */
export const STORE_REQUEST_STATUSES = ['new', 'contacted', 'quoted', 'won', 'lost'] as const;
export type StoreRequestStatus = (typeof STORE_REQUEST_STATUSES)[number];
export const STORE_REQUEST_STATUS_LABELS: Record<StoreRequestStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  quoted: 'Quoted',
  won: 'Won',
  lost: 'Lost',
};

/** What a deal made from a store request says it came from (deals.source). */
export const STORE_SOURCE = 'E-Store';

/** A store's public page: `/s/<referral code>`. */
export const STORE_PATH_PREFIX = '/s/';
export const storePath = (code: string) => `${STORE_PATH_PREFIX}${encodeURIComponent(code)}`;

/** At most this many questions per product; their form fields are q1 … q6. */
export const MAX_STORE_QUESTIONS = 6;
export const STORE_QUESTION_FIELDS = ['q1', 'q2', 'q3', 'q4', 'q5', 'q6'] as const;
export const STORE_QUESTION_MAX = 100;
export const STORE_ANSWER_MAX = 200;
export const STORE_DESCRIPTION_MAX = 300;
export const STORE_MESSAGE_MAX = 1000;

/** The questions a quote needs when the administrator gives none (issue 48 §1): Motor's and Travel's; free text otherwise. */
export function defaultStoreQuestions(product: string): string[] {
  if (categoryOf(product) === 'Motor') return ['Vehicle type', 'Make and model', 'Year', 'Market value'];
  if (product === 'Travel Insurance') return ['Destination', 'Travel dates'];
  return [];
}

/** A store product image: the largest file accepted (bytes). */
export const STORE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

/** Messages of the E-Store (API and store page). */
export const ESTORE_MESSAGES = {
  requestNotFound: 'Store request not found',
  productNotFound: 'Store product not found',
  productTaken: 'The store already has this product: change it instead',
  linesNotAllowed: (product: string, allowed: string) => `Licence lines must be among those that allow selling ${product}: ${allowed}`,
  linesRequired: 'Choose at least one licence line',
  tooManyQuestions: `At most ${MAX_STORE_QUESTIONS} questions`,
  questionTooLong: `A question must be at most ${STORE_QUESTION_MAX} characters`,
  imageType: 'The image must be a PNG, JPEG or WebP picture',
  tooMany: 'Too many requests: please try again later',
  storeBusy: 'This store has had many requests today: please try again tomorrow or call the agency',
  tokenExpired: 'This page has expired: open the store again and send your request',
  productUnavailable: 'This product is not offered in this store',
  consentRequired: "Please agree to the agency's privacy notice",
} as const;
