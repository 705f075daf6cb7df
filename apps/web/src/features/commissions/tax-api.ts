import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  alphalistXlsxFileName,
  form2307FileName,
  type SetAgencyTaxDetailsRequest,
  type SetPayoutSettingsRequest,
  type SetWithholdingRequest,
} from '@ahente/contract/tax';
import { call, downloadFile } from '../../api/client';
import { commissionKeys } from './api';

/**
 * Withholding tax (decision 019): the payout settings (minimum payout, the ATC of each rate), a
 * member's dated withholding rate, a member's BIR Form 2307s, and the quarter's alphalist with its
 * files. The 2307s' and the alphalist's keys start with 'commissions': a close, a payment or a
 * cancellation changes them, and those reload every 'commissions' query.
 */
export const taxKeys = {
  payoutSettings: () => ['tax', 'payout-settings'] as const,
  agencyTaxDetails: () => ['tax', 'agency-tax-details'] as const,
  withholding: (memberId: number) => ['tax', 'withholding', memberId] as const,
  alphalist: (year: number, quarter: number) => [...commissionKeys.all, 'alphalist', year, quarter] as const,
  form2307s: (memberId: number) => [...commissionKeys.all, 'form2307s', memberId] as const,
};

/** GET /api/payoutsettings: the minimum payout, the ATCs, who changed them last, and whether the agency's TIN is configured. */
export function usePayoutSettings() {
  return useQuery({ queryKey: taxKeys.payoutSettings(), queryFn: () => call('payoutSettings', {}) });
}

/** POST /api/setpayoutsettings: a new version of the settings, from the next close on. */
export function useSetPayoutSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetPayoutSettingsRequest) => call('setPayoutSettings', { body }),
    onSuccess: (settings) => queryClient.setQueryData(taxKeys.payoutSettings(), settings),
    onSettled: () => queryClient.invalidateQueries({ queryKey: taxKeys.payoutSettings() }),
  });
}

/** GET /api/agencytaxdetails (admins): the agency's TIN, address and RDO, where they come from and which are missing. */
export function useAgencyTaxDetails() {
  return useQuery({ queryKey: taxKeys.agencyTaxDetails(), queryFn: () => call('agencyTaxDetails', {}) });
}

/** POST /api/setagencytaxdetails: saves the three; the payout settings' "configured" and the set-up list reload. */
export function useSetAgencyTaxDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetAgencyTaxDetailsRequest) => call('setAgencyTaxDetails', { body }),
    onSuccess: (details) => queryClient.setQueryData(taxKeys.agencyTaxDetails(), details),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: taxKeys.agencyTaxDetails() }),
        queryClient.invalidateQueries({ queryKey: taxKeys.payoutSettings() }),
        queryClient.invalidateQueries({ queryKey: ['admin-queues'] }),
      ]),
  });
}

/** POST /api/withholding { id }: a member's rate today, its ATC, the next one scheduled and the history. */
export function useWithholding(memberId: number | null) {
  return useQuery({
    queryKey: taxKeys.withholding(memberId ?? 0),
    queryFn: () => call('withholding', { body: { id: memberId as number } }),
    enabled: memberId !== null,
  });
}

/** POST /api/setwithholding { member_id, rate, effective_from, reason }: a new dated rate; the member's schedule reloads. */
export function useSetWithholding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetWithholdingRequest) => call('setWithholding', { body }),
    onSettled: (_data, _error, body) => queryClient.invalidateQueries({ queryKey: taxKeys.withholding(Number(body.member_id)) }),
  });
}

/** GET /api/alphalist/{year}/{quarter}: the quarter's payees, their income and the tax withheld. */
export function useAlphalist(year: number, quarter: number) {
  return useQuery({
    queryKey: taxKeys.alphalist(year, quarter),
    queryFn: () => call('alphalist', { params: { year, quarter } }),
  });
}

/** GET the quarter's alphalist as an Excel workbook, saved as alphalist_1601EQ_{year}Q{quarter}.xlsx. */
export function downloadAlphalistXlsx(year: number, quarter: number): Promise<string> {
  return downloadFile('alphalistXlsx', { params: { year, quarter } }, alphalistXlsxFileName(year, quarter));
}

/**
 * GET the quarter's alphalist as BIR's .DAT file. The server names it after the agency's TIN
 * ({TIN}{BRANCH}{MMYYYY}1601EQ.DAT), which this page does not know: the fallback only says what it is.
 */
export function downloadAlphalistDat(year: number, quarter: number): Promise<string> {
  return downloadFile('alphalistDat', { params: { year, quarter } }, `alphalist_1601EQ_${year}Q${quarter}.DAT`);
}

/** POST /api/form2307s { id }: the member's quarters with income and tax withheld, newest first. */
export function useForm2307s(id: number) {
  return useQuery({
    queryKey: taxKeys.form2307s(id),
    queryFn: () => call('form2307s', { body: { id } }),
  });
}

/** GET /api/form2307/{id}/{year}/{quarter}/pdf, saved under the server's name (BIR2307_{year}Q{quarter}_{id}.pdf). */
export function downloadForm2307(id: number, year: number, quarter: number): Promise<string> {
  return downloadFile('form2307Pdf', { params: { id, year, quarter } }, form2307FileName(id, year, quarter));
}
