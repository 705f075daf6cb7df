import { z } from 'zod';

/**
 * The Philippine Standard Geographic Code (PSGC) cascade (decision 015): region → city or
 * municipality → barangay, served by Ahente itself from the PSA list (no call leaves the server).
 * Every place is named by its 10-digit PSGC code.
 */
export const PSGC_CODE = /^\d{10}$/;

/** A PSGC code in a path (`/api/geo/regions/{code}/cities`). */
export const geoCodeParams = z.object({
  code: z.string({ error: 'code is required' }).regex(PSGC_CODE, 'code must be a 10-digit PSGC code'),
});

/** An address part as stored: a 10-digit PSGC code; '' and null both mean "none". */
export const optionalPsgcCode = (label: string) =>
  z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || PSGC_CODE.test(v), `${label} must be a 10-digit PSGC code`);

export const geoPlace = z.object({ code: z.string(), name: z.string() });
export type GeoPlace = z.infer<typeof geoPlace>;
export const geoList = z.array(geoPlace);
