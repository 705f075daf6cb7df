import { z } from 'zod';
import { addDays } from '@ahente/contract/dates';
import { centavosToPesos, pesosToCentavos } from '@ahente/contract/money';
import { DEFAULT_VALIDITY_DAYS } from '@ahente/contract/proposal-rules';
import {
  DEFAULT_CTPL_PREMIUMS,
  DEFAULT_PROPOSAL_RATES,
  productBreakdown,
  type CtplTerm,
  type CtplVehicleType,
  type ProposalRates,
} from '@ahente/contract/proposal-tax';
import {
  saveProposalRequest,
  type BreakdownRecord,
  type ProposalRatesRecord,
  type ProposalRecord,
  type SaveProposalInput,
} from '@ahente/contract/proposals';
import { isProduct } from '@ahente/contract/catalogue';
import { formSchemaFor } from '../../lib/form-schema';

/** One option as its inputs hold it: text, '' for nothing. `vehicle_type` and `years` only propose CTPL's premium. */
export interface OptionValues {
  insurer: string;
  plan_name: string;
  sum_insured: string;
  basic_premium: string;
  coverages: { name: string; limit: string }[];
  deductible: string;
  remarks: string;
  vehicle_type: CtplVehicleType | '';
  years: '1' | '3';
}

/** The New Proposal form's values, named as the contract names them, so a server refusal's path names a field. */
export interface ProposalValues {
  client: { name: string; contact: string; email: string };
  product: string;
  valid_until: string;
  start_date: string;
  notes: string;
  /** Whether the client's page shows the agent's contact number (off by default, decision 038). */
  show_contact: boolean;
  options: OptionValues[];
}

export const emptyOption = (): OptionValues => ({
  insurer: '',
  plan_name: '',
  sum_insured: '',
  basic_premium: '',
  coverages: [],
  deductible: '',
  remarks: '',
  vehicle_type: '',
  years: '1',
});

export function emptyProposal(today: string): ProposalValues {
  return {
    client: { name: '', contact: '', email: '' },
    product: '',
    valid_until: addDays(today, DEFAULT_VALIDITY_DAYS),
    start_date: '',
    notes: '',
    show_contact: false,
    options: [emptyOption()],
  };
}

const amount = (text: string) => text.replace(/[₱,\s]/g, '');
const pesosText = (value: number | null) => (value === null ? '' : value.toFixed(2));

/** A saved proposal as the form's values (a draft's change or a sent one's new version). */
export function valuesOf(proposal: ProposalRecord): ProposalValues {
  return {
    client: { name: proposal.client.name, contact: proposal.client.contact ?? '', email: proposal.client.email ?? '' },
    product: proposal.product,
    valid_until: proposal.valid_until,
    start_date: proposal.start_date ?? '',
    notes: proposal.notes ?? '',
    show_contact: proposal.show_contact,
    options: proposal.options.map((o) => ({
      insurer: o.insurer,
      plan_name: o.plan_name ?? '',
      sum_insured: pesosText(o.sum_insured),
      basic_premium: pesosText(o.breakdown.basic_premium),
      coverages: o.coverages.map((c) => ({ name: c.name, limit: c.limit ?? '' })),
      deductible: o.deductible ?? '',
      remarks: o.remarks ?? '',
      vehicle_type: '',
      years: '1',
    })),
  };
}

/** The payload of saveproposal from the values (before the contract's rules run on it). */
export function toPayload(values: ProposalValues, memberId: number, proposalId: number | null) {
  return {
    id: memberId,
    proposal_id: proposalId,
    client: { name: values.client.name, contact: values.client.contact, email: values.client.email },
    product: values.product,
    valid_until: values.valid_until || null,
    start_date: values.start_date || null,
    notes: values.notes || null,
    show_contact: values.show_contact === true,
    options: values.options.map((o) => ({
      insurer: o.insurer,
      plan_name: o.plan_name || null,
      sum_insured: o.sum_insured.trim() === '' ? null : amount(o.sum_insured),
      basic_premium: amount(o.basic_premium),
      coverages: o.coverages
        .filter((c) => c.name.trim() !== '' || c.limit.trim() !== '')
        .map((c) => ({ name: c.name, limit: c.limit || null })),
      deductible: o.deductible || null,
      remarks: o.remarks || null,
    })),
  };
}

/** The form's schema: the values made into saveproposal's payload, checked by the contract's own rules (decision 007). */
export function proposalFormSchema(memberId: number, proposalId: number | null) {
  return formSchemaFor<ProposalValues>()(
    z.preprocess((values: ProposalValues) => toPayload(values, memberId, proposalId), saveProposalRequest),
  );
}
export type ProposalFormOutput = SaveProposalInput;

/** The API's rates (percent, pesos) as the engine's (basis points, centavos). */
export function engineRates(rates: ProposalRatesRecord | undefined): ProposalRates {
  if (!rates) return DEFAULT_PROPOSAL_RATES;
  return {
    dst_bp: Math.round(rates.dst * 100),
    vat_bp: Math.round(rates.vat * 100),
    lgt_bp: Math.round(rates.lgt * 100),
    fst_bp: Math.round(rates.fst * 100),
    lto_fee_centavos: pesosToCentavos(rates.lto_fee),
  };
}

/** An option's breakdown as the agent types, in pesos, with the contract's engine; null until the premium reads as an amount. */
export function liveBreakdown(product: string, premiumText: string, rates: ProposalRates): BreakdownRecord | null {
  if (!isProduct(product)) return null;
  const text = amount(premiumText);
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  const centavos = pesosToCentavos(text);
  if (!Number.isSafeInteger(centavos)) return null;
  const b = productBreakdown(centavos, product, rates);
  return {
    basic_premium: centavosToPesos(b.basic_premium),
    dst: centavosToPesos(b.dst),
    vat: centavosToPesos(b.vat),
    lgt: centavosToPesos(b.lgt),
    fst: centavosToPesos(b.fst),
    fees: centavosToPesos(b.fees),
    amount_due: centavosToPesos(b.amount_due),
  };
}

/** CTPL's basic premium for a vehicle type and term: the agency's table, or the Insurance Commission's while it loads. */
export function ctplPremium(
  rows: readonly { vehicle_type: string; years: number; premium: number }[] | undefined,
  vehicle: CtplVehicleType,
  years: CtplTerm,
): number {
  const row = rows?.find((r) => r.vehicle_type === vehicle && r.years === years);
  return row ? row.premium : centavosToPesos(DEFAULT_CTPL_PREMIUMS[vehicle][years]);
}
