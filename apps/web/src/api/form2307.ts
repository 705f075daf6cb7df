import { useQuery } from '@tanstack/react-query';
import { routes } from '@ahente/contract/routes';
import { form2307FileName } from '@ahente/contract/tax';
import { call, downloadFile } from './client';

/**
 * BIR Form 2307 (issue 21): the quarters a member has a certificate of tax withheld for. The key
 * starts with 'commissions', so a close, a payment or a cancellation (which invalidate every
 * commission figure) reloads it too.
 */
export const form2307Keys = {
  list: (id: number) => ['commissions', 'form2307s', id] as const,
};

/** POST /api/form2307s { id }: the member's quarters with income and tax withheld, newest first. */
export function useForm2307s(id: number) {
  return useQuery({
    queryKey: form2307Keys.list(id),
    queryFn: () => call(routes.form2307s, { body: { id } }),
  });
}

/** GET /api/form2307/{id}/{year}/{quarter}/pdf, saved under the server's name (BIR2307_{year}Q{quarter}_{id}.pdf). */
export function downloadForm2307(id: number, year: number, quarter: number): Promise<string> {
  return downloadFile(routes.form2307Pdf, { params: { id, year, quarter } }, form2307FileName(id, year, quarter));
}
