import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ForfeitCommissionRequest } from '@ahente/contract/commissions';
import type { AddLicense, LicenseRecord, VerifyLicenseRequest } from '@ahente/contract/licences';
import { LICENSE_SCAN_FIELD } from '@ahente/contract/licence-rules';
import { call, callForFile, callForm, downloadFile, NetworkError } from '../../api/client';
import { commissionKeys } from '../commissions';

/**
 * Insurance Commission licences and held commissions (decision 018): a member's licences, the
 * admin's Compliance page and the decisions taken there. Every key starts with 'licences', so one
 * invalidation after a licence is added or decided reloads every list, the Compliance page and the
 * dashboard banner.
 */
export const licenceKeys = {
  all: ['licences'] as const,
  list: (id: number) => ['licences', 'list', id] as const,
  /** The dashboard's reminder: it also changes with the products sold (useAddSaleMutation reloads every member's). */
  allAlerts: ['licences', 'alerts'] as const,
  alerts: (id: number) => ['licences', 'alerts', id] as const,
  compliance: () => ['licences', 'compliance'] as const,
};

/** A scan's bytes: apart from 'licences', so that reloading the lists does not fetch every scan again. */
export const licenceScanKey = (licenseId: number) => ['licence-scan', licenseId] as const;

/** POST /api/getlicenses { id }: the member's licences, newest first, with status and days to expiry. */
export function useLicences(id: number | null | undefined) {
  return useQuery({
    queryKey: licenceKeys.list(id ?? 0),
    queryFn: (): Promise<LicenseRecord[]> => call('getLicenses', { body: { id: id as number } }),
    enabled: typeof id === 'number',
  });
}

/** POST /api/licencealerts { id }: the lines sold whose licence expires within 60 days, not renewed. */
export function useLicenceAlerts(id: number | null | undefined) {
  return useQuery({
    queryKey: licenceKeys.alerts(id ?? 0),
    queryFn: () => call('licenceAlerts', { body: { id: id as number } }),
    enabled: typeof id === 'number',
  });
}

export interface AddLicenceInput {
  /** The checked form values (the contract's output: trimmed, insurer null when blank). */
  licence: AddLicense;
  /** The scan (PDF or image) to send with it, or null. */
  scan: File | null;
}

/**
 * POST /api/addlicense: JSON, or multipart/form-data with the `scan` file when one was chosen (the
 * text fields as form fields). A member's own licence is saved pending; an admin's, verified.
 */
export function addLicence({ licence, scan }: AddLicenceInput) {
  if (!scan) return call('addLicense', { body: licence });
  const form = new FormData();
  form.append('id', String(licence.id));
  form.append('line', licence.line);
  form.append('license_no', licence.license_no);
  form.append('insurer', licence.insurer ?? '');
  form.append('issued_on', licence.issued_on);
  form.append('expires_on', licence.expires_on);
  form.append(LICENSE_SCAN_FIELD, scan, scan.name);
  return callForm('addLicense', form);
}

/** Adding or deciding a licence changes lists, the banner and the Compliance page (what is releasable among them). */
function useLicenceMutation<I, O>(mutationFn: (input: I) => Promise<O>, alsoCommissions = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: licenceKeys.all }),
        alsoCommissions ? queryClient.invalidateQueries({ queryKey: commissionKeys.all }) : undefined,
      ]);
    },
  });
}

export function useAddLicence() {
  return useLicenceMutation(addLicence);
}

/** POST /api/verifylicense { license_id, decision, reason? } (admins; 409 once decided). */
export function useVerifyLicence() {
  return useLicenceMutation((body: VerifyLicenseRequest) => call('verifyLicense', { body }));
}

/** GET /api/compliance (admins): licences to verify and expiring, unlicensed sellers, held commissions, earnings per term. */
/** GET /api/coursecompliance (admins): University's required training (decision 039), on the Compliance page. */
export function useTrainingCompliance() {
  return useQuery({ queryKey: [...licenceKeys.compliance(), 'training'], queryFn: () => call('courseCompliance', {}) });
}

export function useCompliance() {
  return useQuery({ queryKey: licenceKeys.compliance(), queryFn: () => call('compliance', {}) });
}

/** POST /api/releasecommission { entry_id } (admins): payable from the next close; 409 with the reason otherwise. */
export function useReleaseCommission() {
  return useLicenceMutation((entryId: number) => call('releaseCommission', { body: { entry_id: entryId } }), true);
}

/** POST /api/forfeitcommission { entry_id, reason } (admins): never paid; 409 once decided. */
export function useForfeitCommission() {
  return useLicenceMutation((body: ForfeitCommissionRequest) => call('forfeitCommission', { body }), true);
}

/** GET /api/licensescan/{id}, saved under the server's name (`licence_scan_{id}` when the header names nothing). */
export function downloadLicenceScan(licenseId: number): Promise<string> {
  return downloadFile('licenseScan', { params: { licenseId } }, `licence_scan_${licenseId}`);
}

export function useDownloadLicenceScan() {
  return useMutation({ mutationFn: downloadLicenceScan });
}

/**
 * The scan itself, for showing it inline on the Compliance page: its bytes and the content type the
 * server decided at upload (an image is shown, a PDF is offered as a download). Kept while the
 * page is open; a scan never changes.
 */
export function useLicenceScan(licenseId: number, enabled = true) {
  return useQuery({
    queryKey: licenceScanKey(licenseId),
    queryFn: async ({ signal }): Promise<Blob> => {
      const response = await callForFile('licenseScan', { params: { licenseId } }, { signal });
      try {
        return await response.blob();
      } catch (cause) {
        throw new NetworkError(cause);
      }
    },
    enabled,
    staleTime: Infinity,
    gcTime: 60_000,
  });
}
