/**
 * The demo's made-up people, clients and products (npm run seed:demo, cli/seed-demo.ts): the names
 * its members get, the clients they sell to, the insurers and their plans, the agency's tax
 * details and the sample tickets.
 */
import type { Product } from '@ahente/contract/catalogue';
import type { TicketType } from '@ahente/contract/tickets';

/** The demo agency's tax details for BIR Form 2307 and the alphalist (a made-up TIN; RDO 050, South Makati). */
export const DEMO_AGENCY_TAX = {
  tin: '009-876-543-000',
  address: '8F Ahente Tower, 6789 Ayala Avenue, Makati City 1226',
  rdo: '050',
} as const;
export const FIRST = [
  'Maria',
  'Jose',
  'Ana',
  'Juan',
  'Liza',
  'Paolo',
  'Carmela',
  'Ramon',
  'Grace',
  'Miguel',
  'Andrea',
  'Benito',
  'Elena',
  'Rafael',
  'Patricia',
  'Diego',
];
export const LAST = [
  'Santos',
  'Reyes',
  'Cruz',
  'Bautista',
  'Garcia',
  'Mendoza',
  'Dela Cruz',
  'Villanueva',
  'Ramos',
  'Aquino',
  'Castillo',
  'Navarro',
  'Torres',
  'Flores',
];
export const CUSTOMERS = [
  'Luzon Freight Corp.',
  'Isabela Rice Mill',
  'Cebu Dental Clinic',
  'Davao Pet Care',
  'Makati Law Office',
  'Iloilo Bakeshop',
  'Baguio Travel Co.',
  'Pampanga Motors',
  'Laguna Builders',
  'Bicol Grocers',
];
export const INSURERS = ['Malayan Insurance', 'Pioneer Insurance', 'FPG Insurance', 'Maxicare', 'Intellicare'];
/**
 * The insurers as the agency keeps them (decision 037): code, other spellings, the categories of
 * the catalogue it sells for them, and the agency's share of the premium per category. Standard
 * Insurance has no sale yet.
 */
export const DEMO_INSURERS = [
  {
    name: 'Malayan Insurance',
    code: 'MIC',
    aliases: ['Malayan Insurance Co., Inc.', 'Malayan Ins.'],
    categories: ['Motor', 'Fire', 'Bonds', 'Others'],
  },
  {
    name: 'Pioneer Insurance',
    code: 'PIC',
    aliases: ['Pioneer Insurance & Surety Corp.', 'Pioneer Ins.'],
    categories: ['Motor', 'Fire', 'Liabilities'],
  },
  { name: 'FPG Insurance', code: 'FPG', aliases: ['FPG Insurance Co., Inc.'], categories: ['Fire', 'Bonds', 'Liabilities', 'Others'] },
  { name: 'Standard Insurance', code: 'SIC', aliases: ['Standard Insurance Co., Inc.'], categories: ['Motor'] },
  { name: 'Maxicare', code: 'MAXI', aliases: ['Maxicare Healthcare Corp.'], categories: ['Medical', 'Group'] },
  { name: 'Intellicare', code: 'ICARE', aliases: ['Intellicare Asalus', 'Asalus Corp.'], categories: ['Medical', 'Group', 'Others'] },
] as const;
/** What the insurers pay the agency, as a percentage of the premium, per category of the catalogue. */
export const AGENCY_RATES: Record<string, string> = {
  Motor: '20',
  Fire: '25',
  Bonds: '30',
  Medical: '12',
  Group: '10',
  Liabilities: '22.5',
  Others: '15',
};
/** A sale's insurer as an agent misspelt it: no insurer's name or alias, left on Admin Panel → Insurers to link. */
export const UNKNOWN_INSURER_SPELLING = 'Malayan Insurance Company';
/** Plan names as insurers market them, per product (never "Memorial Plan Plan"). */
export const PLAN_NAMES: Record<Product, readonly string[]> = {
  Comprehensive: ['AutoGuard Comprehensive', 'Car Protect Plus', 'DriveSafe Comprehensive'],
  CTPL: ['CTPL – Private Car', 'CTPL – Motorcycle', 'CTPL – 3-Year Cover'],
  'Motor Insurance': ['Motor Own Damage and Theft', 'Fleet Motor Cover'],
  'Residential(Inside Village)': ['HomeSecure Fire and Allied Perils', 'Condo Unit Fire Cover'],
  'residential(Outside Village)': ['HomeSecure Fire with Typhoon and Flood', 'Family Home Fire Cover'],
  'Commercial Fire': ['Commercial Fire and Allied Perils', 'Warehouse Fire Cover'],
  'Surety Bond': ["Contractor's Bid Bond", 'Customs Surety Bond'],
  'Perfomance Bond': ['Performance Bond – Construction', 'Performance Bond – Supply Contract'],
  'Warranty Bond': ['Warranty Bond – One Year', 'Equipment Warranty Bond'],
  'Bond(Others)': ['Judicial Bond', 'Fidelity Bond'],
  Prepaid: ['Prepaid Health Card – Outpatient', 'Prepaid ER Card'],
  Individual: ['Individual HMO – ₱100,000 MBL', 'Individual HMO – ₱150,000 MBL'],
  Group: ['Family HMO Plus', 'SME HMO – 10 Employees'],
  GYRT: ['GYRT – ₱100,000 per Employee', 'GYRT with Accidental Death'],
  'Group Accident': ['Group Personal Accident – Staff', 'Group Accident – Field Workers'],
  'Group MRI(CGLI)': ['Mortgage Redemption Insurance', 'Creditor Group Life – Salary Loans'],
  'Professional Indemnity': ['Medical Malpractice Cover', 'Professional Indemnity – Architects and Engineers'],
  CGL: ['Commercial General Liability – Retail', 'Commercial General Liability – Restaurants'],
  'Travel Insurance': ['Schengen Travel Cover', 'Asia Travel Protect', 'Domestic Travel Cover'],
  'Micro Insurance': ['Micro Life ₱50,000', 'Micro Accident Cover'],
  'Pet Insurance': ['Pet Care Basic', 'Pet Care Plus'],
  'Memorial Plan': ['Memorial Life Plan – Standard', 'Cremation Memorial Package'],
};
/** A plan of the product, chosen by the deal's id (no draw: the other random choices stay as they were). */
export const planName = (product: Product, dealId: number) => {
  const names = PLAN_NAMES[product];
  return names[dealId % names.length]!;
};

/** The four sample tickets of the spec's Tickets List, one of each type. */
export const SAMPLE_TICKETS: Array<[TicketType, string, string]> = [
  [
    'concerns',
    'Client cannot reach the claims hotline',
    'A client with a Comprehensive motor policy has called the insurer claims hotline three times since Monday without getting through. Who can help her file the claim?',
  ],
  [
    'finance',
    'Commission for October not yet credited',
    'The commission for two CTPL policies sold on October 14 does not show in my payout. Please check whether the sales were recorded.',
  ],
  [
    'sales',
    'Request for group HMO rates for a 40-person company',
    'A Laguna construction firm asks for quotations on Corporate HMO and GYRT for 40 employees. Please send the current rate card.',
  ],
  [
    'registration',
    'New recruit cannot finish sign-up',
    'My recruit entered my referral code but the registration page says the code is invalid. She signed up with the link from my profile.',
  ],
];
