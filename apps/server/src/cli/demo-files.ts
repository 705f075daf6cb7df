/**
 * The files of the demo's materials (npm run seed:demo): small, real documents an agency would
 * publish, made when the demo is seeded. The PDFs are A4 documents drawn with pdfkit and Roboto
 * (platform/pdf.ts); the images are PNG social-media posts and a training card, drawn pixel by
 * pixel (demo-images.ts). So a download opens as what its name says, and the server's sniffer
 * finds the same type in the bytes.
 */
import PDFDocument from 'pdfkit';
import type { MaterialLibrary } from '@ahente/contract/materials';
import { pdfBytes, useRoboto } from '../platform/pdf.ts';
import { recruitmentPost, renewalPost, sellingStepsCard } from './demo-images.ts';

export interface DemoMaterial {
  library: MaterialLibrary;
  section: string;
  fileName: string;
  bytes: Buffer;
}

// ---- PDF ---------------------------------------------------------------------------------------

type Block =
  | { heading: string }
  | { text: string }
  | { bullets: string[] }
  | { table: { head: string[]; rows: string[][]; widths: number[] } }
  | { note: string }
  | 'page';

/** An A4 document: the agency and the title in a band, the blocks, and a footer on each page. */
async function documentPdf(agency: string, title: string, subtitle: string, blocks: Block[]): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 56, bufferPages: true, info: { Title: title, Author: agency } });
  useRoboto(doc);
  const done = pdfBytes(doc);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  doc.rect(0, 0, doc.page.width, 128).fill('#0f766e');
  doc.font('regular').fontSize(10).fillColor('#ccfbf1').text(agency.toUpperCase(), left, 34, { width, characterSpacing: 1 });
  doc.font('bold').fontSize(24).fillColor('#ffffff').text(title, left, 54, { width });
  doc.font('regular').fontSize(12).fillColor('#ccfbf1').text(subtitle, left, 88, { width });
  doc.x = left;
  doc.y = 160;

  for (const block of blocks) {
    if (block === 'page') {
      doc.addPage();
    } else if ('heading' in block) {
      doc.moveDown(0.6).font('bold').fontSize(14).fillColor('#115e59').text(block.heading, left, doc.y, { width });
      doc.moveDown(0.3);
    } else if ('text' in block) {
      doc.font('regular').fontSize(11).fillColor('#1e293b').text(block.text, left, doc.y, { width, lineGap: 3 });
      doc.moveDown(0.5);
    } else if ('bullets' in block) {
      doc.font('regular').fontSize(11).fillColor('#1e293b');
      for (const b of block.bullets) doc.text(`•  ${b}`, left + 8, doc.y, { width: width - 8, lineGap: 3, indent: 0 });
      doc.moveDown(0.5);
    } else if ('note' in block) {
      doc.moveDown(0.4).font('regular').fontSize(9).fillColor('#64748b').text(block.note, left, doc.y, { width, lineGap: 2 });
    } else {
      const { head, rows, widths } = block.table;
      const scale = width / widths.reduce((a, b) => a + b, 0);
      const row = (cells: string[], header: boolean) => {
        doc.font(header ? 'bold' : 'regular').fontSize(9.5);
        const h = Math.max(...cells.map((cell, i) => doc.heightOfString(cell, { width: widths[i]! * scale - 12 }))) + 12;
        const y = doc.y;
        if (header) doc.rect(left, y, width, h).fill('#ccfbf1');
        let x = left;
        cells.forEach((cell, i) => {
          doc.fillColor(header ? '#134e4a' : '#1e293b').text(cell, x + 6, y + 6, { width: widths[i]! * scale - 12 });
          x += widths[i]! * scale;
        });
        doc
          .moveTo(left, y + h)
          .lineTo(left + width, y + h)
          .lineWidth(0.5)
          .strokeColor('#cbd5e1')
          .stroke();
        doc.x = left;
        doc.y = y + h;
      };
      row(head, true);
      for (const r of rows) row(r, false);
      doc.moveDown(0.8);
    }
  }

  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - 36;
    doc.font('regular').fontSize(8).fillColor('#64748b');
    doc.text(`${agency} · ${title}`, left, y, { width: width - 80, lineBreak: false });
    doc.text(`Page ${i + 1} of ${range.count}`, left + width - 80, y, { width: 80, align: 'right', lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}

const hmoGuide = (agency: string) =>
  documentPdf(agency, 'HMO Plans at a Glance', 'Who each plan is for, and what to ask before you quote', [
    { heading: 'What an HMO plan covers' },
    {
      text: 'A health maintenance organisation (HMO) plan pays for consultations, laboratory tests and hospital care at accredited clinics and hospitals, up to a maximum benefit limit (MBL) per illness or per year. Members show their HMO card: there is no cash advance and, within the limit, nothing to claim back.',
    },
    { heading: 'Plans the agency offers' },
    {
      table: {
        head: ['Plan', 'For', 'Typical limit', 'Good to know'],
        widths: [18, 26, 28, 28],
        rows: [
          [
            'Individual',
            'Self-employed, freelancers, OFW families',
            '₱80,000 – ₱150,000 a year',
            'Pre-existing conditions covered after the first year',
          ],
          ['Family', 'Parents and children up to 21', '₱100,000 per member, or shared', 'Children can be added at renewal'],
          ['Prepaid', 'Walk-in buyers, gifts', 'Outpatient and ER, one-time card', 'Activate within 90 days of purchase'],
          ['SME', '5 to 99 employees', '₱100,000 – ₱200,000 per employee', 'At least 75 % of the staff must enrol'],
          ['Corporate', '100 employees or more', 'Tailored to the company', 'Dental and annual check-up as riders'],
        ],
      },
    },
    { note: 'Sample figures for training. Always quote from the HMO’s current rate sheet.' },
    'page',
    { heading: 'Questions to ask before you quote' },
    {
      bullets: [
        'Who will be covered, and how old is each member?',
        'Is anyone under treatment or taking maintenance medicine?',
        'Which hospitals are nearest to home and to work?',
        'What budget per month or per year feels comfortable?',
        'Does an employer already give HMO cover? A plan can top it up.',
      ],
    },
    { heading: 'Points clients often miss' },
    {
      bullets: [
        'Waiting periods: pre-existing conditions are usually covered only after the first year.',
        'Emergency care is covered even outside accredited hospitals, reimbursed at the plan’s rates.',
        'Plans renew yearly; the premium may change when a member moves to an older age bracket.',
        'Keep the card and a valid ID together: hospitals ask for both at admission.',
      ],
    },
    { heading: 'After the sale' },
    {
      text: 'Record the deal in the portal (Deals > Add New Deal) the day the client signs, and turn it into a sale once the HMO confirms enrolment. Deliver the cards in person when you can: it is the best moment to ask for referrals.',
    },
  ]);

const motorPrimer = (agency: string) =>
  documentPdf(agency, 'Motor Insurance Primer', 'CTPL, comprehensive cover and what to check at renewal', [
    { heading: 'CTPL: compulsory' },
    {
      text: 'Compulsory Third Party Liability (CTPL) insurance is required to register a vehicle with the LTO. It pays for death or bodily injury the vehicle causes to other people. It does not pay for damage to the client’s own car or to anyone’s property.',
    },
    { heading: 'Comprehensive cover' },
    {
      bullets: [
        'Own damage and theft: repair or replacement of the insured car.',
        'Excess bodily injury and third-party property damage, above what CTPL pays.',
        'Acts of nature (flood, typhoon, earthquake): an add-on; recommend it in flood-prone areas.',
        'Personal accident cover for the driver and passengers.',
        'Roadside assistance and towing, with most insurers.',
      ],
    },
    { heading: 'Participation fee' },
    {
      text: 'Each own-damage claim has a participation fee (a deductible) that the client pays, commonly ₱2,000 or more depending on the car’s value. Say so before the sale: it is the most common surprise at a first claim.',
    },
    { heading: 'At renewal' },
    {
      bullets: [
        'Update the car’s market value: it goes down every year, and so can the premium.',
        'Check that the registered owner and plate number match the OR/CR.',
        'Renew before the policy ends: a lapse leaves the client uninsured and can delay registration.',
      ],
    },
    { note: 'For agent training. Cover and fees differ by insurer: check the policy wording before you quote.' },
  ]);

const salesGuide = (agency: string) =>
  documentPdf(agency, 'Gabay sa Pagbebenta', 'Mga hakbang sa unang tawag at sa pagbisita sa kliyente', [
    { heading: '1. Magpakilala' },
    {
      text: 'Sabihin ang iyong pangalan, ang ahensya, at kung paano mo nakuha ang kanilang numero. Itanong kung may oras sila ngayon, o kung kailan sila puwedeng makausap.',
    },
    { heading: '2. Alamin ang pangangailangan' },
    { text: 'Magtanong tungkol sa pamilya, kalusugan, sasakyan, bahay o negosyo. Makinig muna bago mag-alok.' },
    { heading: '3. Mag-alok ng tamang plano' },
    {
      text: 'Ipaliwanag ang coverage, ang limit at ang hindi sakop (exclusions) sa simpleng salita. Ihambing ang dalawa o tatlong opsyon ayon sa budget ng kliyente.',
    },
    { heading: '4. Sagutin ang mga tanong' },
    {
      bullets: [
        'Magkano ang premium, at paano magbabayad: buwanan o taunan?',
        'Paano mag-claim, at gaano katagal bago ito maaprubahan?',
        'Kailan magsisimula ang coverage?',
      ],
    },
    { heading: '5. Isara at mag-follow up' },
    {
      text: 'Kumpletuhin ang application form, kunin ang bayad o ang payment reference, at itala ang deal sa portal (Deals > Add New Deal). Tumawag muli pagdating ng polisiya.',
    },
    {
      note: 'Tandaan: ang lisensyado lamang ng Insurance Commission ang maaaring magbenta. Huwag mangako ng benepisyong wala sa polisiya.',
    },
  ]);

const familyHealthBrochure = (agency: string) =>
  documentPdf(agency, 'Family Health Plan', 'Care for the whole family, in one plan', [
    {
      text: 'One HMO card for each family member, accepted at accredited hospitals and clinics nationwide. Consultations, laboratory tests and hospital stays are covered up to your plan’s limit, with no cash advance.',
    },
    { heading: 'What’s included' },
    {
      bullets: [
        'Consultations with accredited doctors, as often as you need them',
        'Laboratory and diagnostic tests',
        'Hospital room and board, up to the plan’s limit',
        'Emergency care, 24 hours a day, anywhere in the country',
        'A yearly check-up and dental cleaning',
      ],
    },
    { heading: 'Sample plans' },
    {
      table: {
        head: ['Plan', 'Limit per member, per year', 'Yearly premium, family of four, from'],
        widths: [25, 35, 40],
        rows: [
          ['Essential', '₱100,000', '₱18,500'],
          ['Plus', '₱150,000', '₱24,900'],
          ['Premier', '₱250,000', '₱36,000'],
        ],
      },
    },
    { note: 'Sample premiums; yours depend on the ages of the members and the hospitals you choose.' },
    { heading: 'Talk to your agent' },
    {
      text: 'Ask your agent for a quote that fits your family and your budget. Have a valid ID ready, and the birth dates of the members you want covered.',
    },
  ]);

/** Every demo material, by library and section: four PDFs and three PNG images. */
export async function demoMaterials(agency: string): Promise<DemoMaterial[]> {
  return [
    { library: 'Learning', section: 'Product Guides', fileName: 'HMO Plans at a Glance.pdf', bytes: await hmoGuide(agency) },
    { library: 'Learning', section: 'Product Guides', fileName: 'Motor Insurance Primer.pdf', bytes: await motorPrimer(agency) },
    { library: 'Learning', section: 'Sales Training', fileName: 'Gabay sa Pagbebenta.pdf', bytes: await salesGuide(agency) },
    { library: 'Learning', section: 'Sales Training', fileName: 'Needs-Based Selling in 5 Steps.png', bytes: sellingStepsCard() },
    { library: 'Marketing', section: 'Brochures', fileName: 'Family Health Plan Brochure.pdf', bytes: await familyHealthBrochure(agency) },
    { library: 'Marketing', section: 'Social Media Posts', fileName: 'Join Our Team - Referral Post.png', bytes: recruitmentPost(agency) },
    { library: 'Marketing', section: 'Social Media Posts', fileName: 'CTPL Renewal Reminder.png', bytes: renewalPost() },
  ];
}
