import { z } from 'zod';
import {
  LIMITS,
  controlCharacterMessage,
  hasControlCharacter,
  lineField,
  memberIdSchema,
  nameField,
  optionalCalendarDate,
  optionalText,
} from './common.ts';

/**
 * Settings: bank details and certifications (getuserbanks, adduserbanks, getcertifications,
 * addcertifications; decision 015).
 */

/** A member's bank record: bank, account number and account name. */
export const bankRecord = z.object({
  bank_name: z.string(),
  account_number: z.string(),
  account_name: z.string(),
});
export type BankRecord = z.infer<typeof bankRecord>;
/** getuserbanks/{id}: `[]` when nothing is saved, else one record. */
export const bankList = z.array(bankRecord);

/** Bank account numbers: digits, spaces and dashes as printed on a passbook; stored as digits only. */
export const ACCOUNT_NUMBER_DIGITS = { min: 6, max: 20 } as const;

/** adduserbanks: all three fields, else the warning 'Please fill in all fields.' */
export const addBankRequest = z
  .object({
    id: memberIdSchema,
    bank_name: lineField('Bank'),
    account_number: z
      .string({ error: 'Account Number is required' })
      .trim()
      .min(1, 'Account Number is required')
      .max(40, 'Account Number must be at most 40 characters')
      .regex(/^[\d -]+$/, 'Account Number may contain digits, spaces and dashes only')
      .transform((v) => v.replace(/[ -]/g, ''))
      .refine(
        (v) => v.length >= ACCOUNT_NUMBER_DIGITS.min && v.length <= ACCOUNT_NUMBER_DIGITS.max,
        `Account Number must have ${ACCOUNT_NUMBER_DIGITS.min} to ${ACCOUNT_NUMBER_DIGITS.max} digits`,
      ),
    account_name: nameField('Account Name'),
  })
  .strict();
export type AddBankRequest = z.input<typeof addBankRequest>;
export type AddBankInput = z.output<typeof addBankRequest>;
export const addBankResponse = z.object({ success: z.literal(true), bank: bankRecord });

export * from './settings-rules.ts';
import { CERTIFICATION_EMPTY } from './settings-rules.ts';

const codeField = (label: string) => optionalText(label, LIMITS.name);

/** The fields of a certification a member fills in; dates are YYYY-MM-DD. */
export const certificationFields = {
  lfa_code: codeField('LFA Code'),
  cirm_code: codeField('CIRM Code'),
  coding_date_1: optionalCalendarDate('Coding Date 1'),
  coding_date_2: optionalCalendarDate('Coding Date 2'),
  individual_hmo: optionalCalendarDate('Individual HMO'),
  sme_hmo: optionalCalendarDate('SME HMO'),
  corporate_gyrt: optionalCalendarDate('Corporate GYRT'),
  prepaid_hmo: optionalCalendarDate('Prepaid HMO'),
  corporate_cgli: optionalCalendarDate('Corporate CGLI'),
  corporate_hmo: optionalCalendarDate('Corporate HMO'),
};
export type CertificationFieldName = keyof typeof certificationFields;
export const CERTIFICATION_FIELD_NAMES = Object.keys(certificationFields) as CertificationFieldName[];

/**
 * addcertifications: the certification fields plus `id` (the member) and `createdat`, which the
 * spec's client sends and the server ignores (it sets the time of saving itself). At least one
 * field must be filled (decision 015).
 */
export const addCertificationRequest = z
  .object({
    id: memberIdSchema,
    ...certificationFields,
    createdat: z
      .string()
      .max(40)
      .refine((v) => !hasControlCharacter(v), controlCharacterMessage('createdat'))
      .nullish(),
  })
  .strict()
  .refine((c) => CERTIFICATION_FIELD_NAMES.some((k) => c[k] !== null), { message: CERTIFICATION_EMPTY, path: ['lfa_code'] });
export type AddCertificationRequest = z.input<typeof addCertificationRequest>;
export type AddCertificationInput = z.output<typeof addCertificationRequest>;

/** A certification: `certid` is the record's key, `id` the owning member. */
export const certification = z.object({
  id: z.number(),
  certid: z.number(),
  lfa_code: z.string().nullable(),
  cirm_code: z.string().nullable(),
  coding_date_1: z.string().nullable(),
  coding_date_2: z.string().nullable(),
  individual_hmo: z.string().nullable(),
  sme_hmo: z.string().nullable(),
  corporate_gyrt: z.string().nullable(),
  prepaid_hmo: z.string().nullable(),
  corporate_hmo: z.string().nullable(),
  corporate_cgli: z.string().nullable(),
  createdat: z.string(),
});
export type Certification = z.infer<typeof certification>;
/** getcertifications: oldest first, so 'Certification 1' is the first one saved. */
export const certificationList = z.array(certification);
