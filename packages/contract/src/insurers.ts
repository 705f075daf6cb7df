import { z } from 'zod';
import { isProduct } from './catalogue.ts';
import { calendarDate, controlCharacterMessage, hasControlCharacter, idField, nameField } from './common.ts';
import { rateField } from './commissions.ts';

/**
 * Insurers (decision 037): the companies the agency sells for, kept by administrators, each with a
 * short code, other spellings (aliases) and the agency's own commission schedule per product. A
 * sale's `insurer` text names an insurer when it equals its name or an alias, ignoring case and
 * spaces; a text that names none is listed for an administrator to link or add.
 */

/** The most aliases one insurer keeps. */
export const MAX_INSURER_ALIASES = 30;
export const MAX_INSURER_CODE = 20;

/** GET insurers: the active insurers the sale form offers (members). */
export const insurerOption = z.object({ id: z.number(), name: z.string() });
export type InsurerOption = z.infer<typeof insurerOption>;
export const insurersResponse = z.object({ insurers: z.array(insurerOption) });
export type InsurersResponse = z.infer<typeof insurersResponse>;

/** An insurer as the Admin Panel lists it. */
export const adminInsurer = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string(),
  aliases: z.array(z.string()),
  active: z.boolean(),
  /** The sales linked to it. */
  sales: z.number(),
});
export type AdminInsurer = z.infer<typeof adminInsurer>;

/** An insurer text of sales that names no insurer: its most used spelling, and its sales. */
export const unknownInsurerName = z.object({ text: z.string(), sales: z.number() });
export type UnknownInsurerName = z.infer<typeof unknownInsurerName>;

/** GET admininsurers. */
export const adminInsurersResponse = z.object({
  insurers: z.array(adminInsurer),
  unknown: z.array(unknownInsurerName),
});
export type AdminInsurersResponse = z.infer<typeof adminInsurersResponse>;

const codeField = z
  .string({ error: 'Code is required' })
  .trim()
  .min(1, 'Code is required')
  .max(MAX_INSURER_CODE, `Code must be at most ${MAX_INSURER_CODE} characters`)
  .refine((v) => !hasControlCharacter(v), controlCharacterMessage('Code'))
  .transform((v) => v.toUpperCase())
  .refine((v) => /^[A-Z0-9][A-Z0-9-]*$/.test(v), 'Code must be letters, digits and dashes');

/** POST saveinsurer: a new insurer (no id) or an insurer's new name, code, aliases and state. */
export const saveInsurerRequest = z
  .object({
    id: idField('id').optional(),
    name: nameField('Name'),
    code: codeField,
    aliases: z
      .array(nameField('Alias'), { error: 'Aliases must be a list of names' })
      .max(MAX_INSURER_ALIASES, `At most ${MAX_INSURER_ALIASES} aliases`)
      .default([]),
    active: z.boolean({ error: 'Active must be true or false' }),
  })
  .strict();
export type SaveInsurerRequest = z.input<typeof saveInsurerRequest>;
export type SaveInsurer = z.output<typeof saveInsurerRequest>;

/** saveinsurer, linkinsurername: the insurer as saved, and how many sales its names newly link. */
export const saveInsurerResponse = z.object({ insurer: adminInsurer, linked_sales: z.number() });
export type SaveInsurerResponse = z.infer<typeof saveInsurerResponse>;

/** POST linkinsurername: a sales' insurer text made an alias of an insurer, and its sales linked. */
export const linkInsurerNameRequest = z
  .object({
    text: nameField('Insurer name'),
    insurer_id: idField('insurer_id'),
  })
  .strict();
export type LinkInsurerNameRequest = z.input<typeof linkInsurerNameRequest>;
export type LinkInsurerName = z.output<typeof linkInsurerNameRequest>;

/** POST setinsurerrate: the agency's rate on a product of an insurer, from a date (append-only). */
export const setInsurerRateRequest = z
  .object({
    insurer_id: idField('insurer_id'),
    product: z
      .string({ error: 'Product is required' })
      .trim()
      .min(1, 'Product is required')
      .refine(isProduct, 'Product must be one of the products of the catalogue'),
    rate: rateField('Rate'),
    effective_from: calendarDate('Effective from'),
  })
  .strict();
export type SetInsurerRateRequest = z.input<typeof setInsurerRateRequest>;
export type SetInsurerRate = z.output<typeof setInsurerRateRequest>;

export const insurerRateRecord = z.object({
  id: z.number(),
  insurer_id: z.number(),
  product: z.string(),
  /** Percent of the premium, e.g. 12.5. */
  rate: z.number(),
  effective_from: z.string(),
  created_at: z.string(),
  created_by_name: z.string().nullable(),
});
export type InsurerRateRecord = z.infer<typeof insurerRateRecord>;

export const setInsurerRateResponse = z.object({ rate: insurerRateRecord });

/** POST insurerrates. */
export const insurerRatesRequest = z.object({ insurer_id: idField('insurer_id') }).strict();
export type InsurerRatesRequest = z.input<typeof insurerRatesRequest>;

export const insurerRatesResponse = z.object({
  insurer_id: z.number(),
  /** Today in Manila: what "current" means. */
  as_of: z.string(),
  /** Per product with a rate: the rate in force today (null before its first date) and from when. */
  current: z.array(z.object({ product: z.string(), rate: z.number().nullable(), effective_from: z.string().nullable() })),
  /** Every rate ever set, newest first (by when it was set). */
  history: z.array(insurerRateRecord),
});
export type InsurerRatesResponse = z.infer<typeof insurerRatesResponse>;
