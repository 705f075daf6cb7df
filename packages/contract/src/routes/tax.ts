import { fileResponse, ownerInBody, route, type RouteDef } from './define.ts';
import { taxPaths } from './tax.paths.ts';
import { idBody } from '../common.ts';
import {
  agencyTaxDetails,
  alphalistParams,
  alphalistResponse,
  form2307List,
  form2307Params,
  payoutSettings,
  setAgencyTaxDetailsRequest,
  setPayoutSettingsRequest,
  setWithholdingRequest,
  setWithholdingResponse,
  withholdingResponse,
} from '../tax.ts';

/**
 * The routes of withholding tax, payout settings, the agency's tax details and the BIR's forms: the
 * server's features/tax/ registers them.
 */
export const taxRoutes = {
  withholding: route({
    ...taxPaths.withholding,
    access: 'member',
    member: ownerInBody,
    body: idBody,
    responses: { 200: withholdingResponse },
    tag: 'tax',
    summary: "A member's withholding tax rate today, its ATC, and its dated history",
  }),
  setWithholding: route({
    ...taxPaths.setWithholding,
    access: 'admin',
    body: setWithholdingRequest,
    responses: { 200: setWithholdingResponse },
    idempotent: true,
    tag: 'tax',
    summary: "Sets a member's withholding rate (5 or 10 %) from a date (today or later), on their sworn declaration",
  }),
  payoutSettings: route({
    ...taxPaths.payoutSettings,
    access: 'member',
    responses: { 200: payoutSettings },
    tag: 'tax',
    summary: 'The minimum payout and the ATC of each withholding rate',
  }),
  setPayoutSettings: route({
    ...taxPaths.setPayoutSettings,
    access: 'admin',
    body: setPayoutSettingsRequest,
    responses: { 200: payoutSettings },
    tag: 'tax',
    summary: 'Sets the minimum payout and the ATCs, from the next close on',
  }),
  agencyTaxDetails: route({
    ...taxPaths.agencyTaxDetails,
    access: 'admin',
    responses: { 200: agencyTaxDetails },
    tag: 'tax',
    summary: "The agency's TIN, address and RDO for BIR Form 2307 and the alphalist, where they come from and which are missing",
  }),
  setAgencyTaxDetails: route({
    ...taxPaths.setAgencyTaxDetails,
    access: 'admin',
    body: setAgencyTaxDetailsRequest,
    responses: { 200: agencyTaxDetails },
    tag: 'tax',
    summary:
      "Saves the agency's TIN with its branch code, registered address and RDO (they replace AGENCY_TIN, AGENCY_ADDRESS and AGENCY_RDO)",
  }),
  form2307s: route({
    ...taxPaths.form2307s,
    access: 'member',
    member: ownerInBody,
    body: idBody,
    responses: { 200: form2307List },
    tag: 'tax',
    summary: 'The quarters a member has a BIR Form 2307 for, newest first, with the income and the tax withheld',
  }),
  form2307Pdf: route({
    ...taxPaths.form2307Pdf,
    access: 'member',
    member: { in: 'params', key: 'id' },
    params: form2307Params,
    responses: { 200: fileResponse },
    sensitive: 'tin',
    tag: 'tax',
    summary: "A member's BIR Form 2307 (certificate of creditable tax withheld at source) for a quarter, as a PDF",
  }),
  alphalist: route({
    ...taxPaths.alphalist,
    access: 'admin',
    params: alphalistParams,
    responses: { 200: alphalistResponse },
    sensitive: 'tin',
    tag: 'tax',
    summary: "A quarter's alphalist of payees: TIN, name, ATC, rate, income and tax withheld per payee",
  }),
  alphalistXlsx: route({
    ...taxPaths.alphalistXlsx,
    access: 'admin',
    params: alphalistParams,
    responses: { 200: fileResponse },
    sensitive: 'tin',
    tag: 'tax',
    summary: "A quarter's alphalist of payees as an Excel workbook",
  }),
  alphalistDat: route({
    ...taxPaths.alphalistDat,
    access: 'admin',
    params: alphalistParams,
    responses: { 200: fileResponse },
    sensitive: 'tin',
    tag: 'tax',
    summary: "A quarter's alphalist of payees as the .DAT file BIR's alphalist module reads for the 1601-EQ",
  }),
} as const satisfies Record<string, RouteDef>;
