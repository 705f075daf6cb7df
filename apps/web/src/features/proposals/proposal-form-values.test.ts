import { describe, expect, it } from 'vitest';
import { saveProposalRequest } from '@ahente/contract/proposals';
import { DEFAULT_PROPOSAL_RATES } from '@ahente/contract/proposal-tax';
import { ctplPremium, emptyOption, emptyProposal, engineRates, liveBreakdown, toPayload } from './proposal-form-values';

describe('the New Proposal form values', () => {
  it('become a payload the contract accepts: amounts typed with ₱ and commas, empty optionals as null, blank coverage rows left out', () => {
    const values = emptyProposal('2026-12-03');
    values.client.name = 'Maria Santos';
    values.product = 'Comprehensive';
    values.options[0] = {
      ...emptyOption(),
      insurer: 'Malayan',
      basic_premium: '₱18,500.00',
      sum_insured: '850,000',
      coverages: [
        { name: 'Own Damage/Theft', limit: '₱850,000' },
        { name: '', limit: '' },
      ],
    };
    const parsed = saveProposalRequest.parse(toPayload(values, 7, null));
    expect(parsed.valid_until).toBe('2027-01-02');
    expect(parsed.options[0]).toMatchObject({ basic_premium: 18500, sum_insured: 850000, plan_name: null, deductible: null });
    expect(parsed.options[0]?.coverages).toEqual([{ name: 'Own Damage/Theft', limit: '₱850,000' }]);
    expect(parsed.client).toEqual({ name: 'Maria Santos', contact: null, email: null });
  });

  it('work the breakdown out as the agent types, with the contract engine (Motor: DST, VAT, LGT; CTPL: the LTO fee; GYRT: none)', () => {
    expect(liveBreakdown('Comprehensive', '18,500', DEFAULT_PROPOSAL_RATES)).toEqual({
      basic_premium: 18500,
      dst: 2312.5,
      vat: 2220,
      lgt: 37,
      fst: 0,
      fees: 0,
      amount_due: 23069.5,
    });
    expect(liveBreakdown('CTPL', '447', DEFAULT_PROPOSAL_RATES)?.amount_due).toBe(607.81);
    expect(liveBreakdown('GYRT', '1200', DEFAULT_PROPOSAL_RATES)?.amount_due).toBe(1200);
    expect(liveBreakdown('Comprehensive', '12.345', DEFAULT_PROPOSAL_RATES)).toBeNull();
    expect(liveBreakdown('', '100', DEFAULT_PROPOSAL_RATES)).toBeNull();
  });

  it("read the API's rates (percent, pesos) as the engine's and propose CTPL's premium from the table", () => {
    expect(engineRates({ dst: 12.5, vat: 12, lgt: 0.2, fst: 2, lto_fee: 50.4 })).toEqual(DEFAULT_PROPOSAL_RATES);
    expect(ctplPremium(undefined, 'private_car', 3)).toBe(1285);
    expect(ctplPremium([{ vehicle_type: 'private_car', years: 1, premium: 460 }], 'private_car', 1)).toBe(460);
  });
});
