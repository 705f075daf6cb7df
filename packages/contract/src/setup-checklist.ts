import { z } from 'zod';
import { memberIdSchema } from './common.ts';

/**
 * A new member's first steps (decision 018): the dashboard's checklist, decided on the server in
 * one call (POST /api/setupchecklist {id}, the member and admins) from what is on file. Each item
 * leads to its Settings tab and is in one state:
 *
 * - licence: a licence for every line the member sells (decision 018's line map, read from the
 *   products of their deals and sales; any line before they have recorded any): `done` when a
 *   verified licence covers each of them today, `awaiting` when the rest are covered by licences the
 *   agency has not verified yet, `todo` otherwise (`licenceCover` in licence-rules.ts);
 * - bank: bank details saved (`done`), otherwise `todo`;
 * - tin: a TIN on file;
 * - certification: a certification with a coding date and a TLC date on file (the rule of the
 *   former dashboard reminder, `certificationGaps`);
 * - photo: a profile photo.
 *
 * Only a licence waits for the agency; the other items are done once saved. The list is `done` when
 * every item is, and the dashboard then shows nothing.
 */
export const SETUP_ITEMS = ['licence', 'bank', 'tin', 'certification', 'photo'] as const;
export type SetupItem = (typeof SETUP_ITEMS)[number];

export const SETUP_STATES = ['todo', 'awaiting', 'done'] as const;
export type SetupState = (typeof SETUP_STATES)[number];

/** Which part of the certification is missing (the former reminder's three lines). */
export const CERTIFICATION_GAPS = ['none', 'coding_dates', 'tlc'] as const;

export const setupChecklistRequest = z.object({ id: memberIdSchema });
export type SetupChecklistRequest = z.input<typeof setupChecklistRequest>;

export const setupChecklistItem = z.object({
  item: z.enum(SETUP_ITEMS),
  state: z.enum(SETUP_STATES),
  /**
   * The licence item: the lines still without a verified licence today, one entry per product group
   * ("Non-Life", "HMO or Accident and Health"); empty when done, or when nothing is sold yet (any
   * line will do). Empty for the other items.
   */
  lines: z.array(z.string()),
  /** The certification item: what is missing; empty for the other items and when done. */
  gaps: z.array(z.enum(CERTIFICATION_GAPS)),
});
export type SetupChecklistItem = z.infer<typeof setupChecklistItem>;

export const setupChecklistResponse = z.object({
  /** In SETUP_ITEMS' order. */
  items: z.array(setupChecklistItem),
  /** Every item done: the dashboard shows no checklist. */
  done: z.boolean(),
  /** The day (Manila) the licences were judged on. */
  as_of: z.string(),
});
export type SetupChecklistResponse = z.infer<typeof setupChecklistResponse>;
