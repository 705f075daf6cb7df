import type { ProposalValues } from './proposal-form-values';

/**
 * A new proposal's draft kept on this device until it is saved (decision 028: written with no
 * signal, nothing is lost). One draft per member, in localStorage; a saved proposal clears it.
 */
const keyOf = (memberId: number) => `ahente.proposal-draft.${memberId}`;

export function readDraft(memberId: number): ProposalValues | null {
  try {
    const text = localStorage.getItem(keyOf(memberId));
    if (!text) return null;
    const value = JSON.parse(text) as ProposalValues;
    return value && typeof value === 'object' && Array.isArray(value.options) && value.options.length > 0 ? value : null;
  } catch {
    return null;
  }
}

export function writeDraft(memberId: number, values: ProposalValues): void {
  try {
    const blank = !values.client?.name && !values.product && values.options?.every((o) => !o.insurer && !o.basic_premium);
    if (blank) localStorage.removeItem(keyOf(memberId));
    else localStorage.setItem(keyOf(memberId), JSON.stringify(values));
  } catch {
    // Storage full or refused (private mode): the form still works, only the device copy is lost.
  }
}

export function clearDraft(memberId: number): void {
  try {
    localStorage.removeItem(keyOf(memberId));
  } catch {
    // As above.
  }
}
