import type { FieldError } from 'react-hook-form';
import { z } from 'zod';
import { MSG } from '@ahente/contract/messages';
import { addBankRequest, type BankRecord } from '@ahente/contract/settings';
import { formSchemaFor } from './form-schema';

/**
 * The bank details form (Bank Details, and the admin's Edit Member Details too; decision 015): its
 * fields, its rules and its values from a saved record, shared by the member's tab and the admin's
 * dialog.
 */
export const BANK_KEYS = ['bank_name', 'account_number', 'account_name'] as const;
export type BankValues = Record<(typeof BANK_KEYS)[number], string>;

/** Every field filled first (a blank field: 'Please fill in all fields.', nothing sent), then the contract's rules. */
const filled = z.string().refine((value) => value.trim() !== '', MSG.fillAllFields);
export const bankFormSchema = formSchemaFor<BankValues>()(
  z.looseObject({ bank_name: filled, account_number: filled, account_name: filled }).pipe(addBankRequest.omit({ id: true })),
);
export type BankOutput = z.output<typeof bankFormSchema>;

const EMPTY: BankValues = { bank_name: '', account_number: '', account_name: '' };

export function bankFormValues(bank: BankRecord | undefined): BankValues {
  return bank ? { bank_name: bank.bank_name, account_number: bank.account_number, account_name: bank.account_name } : EMPTY;
}

/** A blank field is said once, by the screen's message; any other rule broken is said under its field. */
export function bankFieldError(error: FieldError | undefined): { error?: string; invalid: boolean } {
  if (!error) return { invalid: false };
  return error.message === MSG.fillAllFields ? { invalid: true } : { error: error.message, invalid: true };
}
