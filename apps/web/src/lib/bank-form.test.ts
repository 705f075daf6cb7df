import type { FieldError } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { MSG } from '@ahente/contract/messages';
import type { BankRecord } from '@ahente/contract/settings';
import { bankFieldError, bankFormSchema, bankFormValues } from './bank-form';

const messages = (values: Record<string, string>) => {
  const result = bankFormSchema.safeParse(values);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe('bankFormSchema', () => {
  it("says 'Please fill in all fields.' of each blank field, and nothing else of it", () => {
    expect(messages({ bank_name: '', account_number: '  ', account_name: 'Ana Reyes' })).toEqual([
      ['bank_name', MSG.fillAllFields],
      ['account_number', MSG.fillAllFields],
    ]);
  });

  it("applies the contract's rules once every field is filled", () => {
    expect(messages({ bank_name: 'BDO Unibank', account_number: '12-ab', account_name: 'Ana Reyes' })).toEqual([
      ['account_number', 'Account Number may contain digits, spaces and dashes only'],
    ]);
    expect(messages({ bank_name: 'BDO Unibank', account_number: '123', account_name: 'Ana Reyes' })).toEqual([
      ['account_number', 'Account Number must have 6 to 20 digits'],
    ]);
  });

  it('answers the values the contract sends: the account number without its spaces and dashes', () => {
    expect(bankFormSchema.parse({ bank_name: ' BDO Unibank ', account_number: '0012-345 678', account_name: 'Ana Reyes' })).toEqual({
      bank_name: 'BDO Unibank',
      account_number: '0012345678',
      account_name: 'Ana Reyes',
    });
  });
});

describe('bankFormValues', () => {
  it('starts empty with no saved record, and from the saved values with one', () => {
    expect(bankFormValues(undefined)).toEqual({ bank_name: '', account_number: '', account_name: '' });
    const saved = { bank_name: 'BPI', account_number: '1234567', account_name: 'Ana Reyes' } as BankRecord;
    expect(bankFormValues(saved)).toEqual({ bank_name: 'BPI', account_number: '1234567', account_name: 'Ana Reyes' });
  });
});

describe('bankFieldError', () => {
  const error = (message: string) => ({ type: 'custom', message }) as FieldError;

  it('marks a blank field invalid without a message under it (the screen says it once)', () => {
    expect(bankFieldError(error(MSG.fillAllFields))).toEqual({ invalid: true });
  });

  it('says any other broken rule under its field, and nothing of a valid field', () => {
    expect(bankFieldError(error('Account Number must have 6 to 20 digits'))).toEqual({
      error: 'Account Number must have 6 to 20 digits',
      invalid: true,
    });
    expect(bankFieldError(undefined)).toEqual({ invalid: false });
  });
});
