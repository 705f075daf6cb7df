/**
 * The files of the demo's materials (npm run seed:demo): small, real documents an agency would
 * publish, made when the demo is seeded. The PDFs are A4 documents drawn with pdfkit and Roboto
 * (platform/pdf.ts); the images are PNG social-media posts and a training card, drawn pixel by
 * pixel with a 5×7 bitmap font and written by a tiny PNG encoder on node:zlib. So a download
 * opens as what its name says, and the server's sniffer finds the same type in the bytes.
 */
import { crc32, deflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import type { MaterialLibrary } from '@ahente/contract/materials';
import { pdfBytes, useRoboto } from '../platform/pdf.ts';

export interface DemoMaterial {
  library: MaterialLibrary;
  section: string;
  fileName: string;
  bytes: Buffer;
}

// ---- PNG ---------------------------------------------------------------------------------------

function pngChunk(type: string, data: Buffer): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** An 8-bit RGB PNG of `rgb` (width × height × 3 bytes, row by row). */
export function encodePng(width: number, height: number, rgb: Buffer): Buffer {
  const stride = width * 3;
  const raw = Buffer.alloc((stride + 1) * height);
  // Each row starts with its filter byte: 0, none (the flat colours deflate well as they are).
  for (let y = 0; y < height; y++) rgb.copy(raw, y * (stride + 1) + 1, y * stride, (y + 1) * stride);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

// ---- drawing -----------------------------------------------------------------------------------

type Rgb = readonly [number, number, number];
const rgb = (hex: string): Rgb => [parseInt(hex.slice(1, 3), 16), parseInt(hex.slice(3, 5), 16), parseInt(hex.slice(5, 7), 16)];

const COLOURS = {
  white: rgb('#ffffff'),
  paper: rgb('#f8fafc'),
  teal100: rgb('#ccfbf1'),
  teal200: rgb('#99f6e4'),
  teal600: rgb('#0d9488'),
  teal700: rgb('#0f766e'),
  teal800: rgb('#115e59'),
  teal900: rgb('#134e4a'),
  amber: rgb('#fbbf24'),
  sky: rgb('#e0f2fe'),
  slate300: rgb('#cbd5e1'),
  slate500: rgb('#64748b'),
  slate800: rgb('#1e293b'),
  slate900: rgb('#0f172a'),
};

/**
 * A 5×7 bitmap font (capitals, digits and a little punctuation): each glyph is seven rows of five
 * pixels, top to bottom.
 */
const GLYPHS: Record<string, string> = {
  A: '01110 10001 10001 11111 10001 10001 10001',
  B: '11110 10001 10001 11110 10001 10001 11110',
  C: '01110 10001 10000 10000 10000 10001 01110',
  D: '11100 10010 10001 10001 10001 10010 11100',
  E: '11111 10000 10000 11110 10000 10000 11111',
  F: '11111 10000 10000 11110 10000 10000 10000',
  G: '01110 10001 10000 10111 10001 10001 01111',
  H: '10001 10001 10001 11111 10001 10001 10001',
  I: '01110 00100 00100 00100 00100 00100 01110',
  J: '00111 00010 00010 00010 00010 10010 01100',
  K: '10001 10010 10100 11000 10100 10010 10001',
  L: '10000 10000 10000 10000 10000 10000 11111',
  M: '10001 11011 10101 10101 10001 10001 10001',
  N: '10001 10001 11001 10101 10011 10001 10001',
  O: '01110 10001 10001 10001 10001 10001 01110',
  P: '11110 10001 10001 11110 10000 10000 10000',
  Q: '01110 10001 10001 10001 10101 10010 01101',
  R: '11110 10001 10001 11110 10100 10010 10001',
  S: '01111 10000 10000 01110 00001 00001 11110',
  T: '11111 00100 00100 00100 00100 00100 00100',
  U: '10001 10001 10001 10001 10001 10001 01110',
  V: '10001 10001 10001 10001 10001 01010 00100',
  W: '10001 10001 10001 10101 10101 10101 01010',
  X: '10001 10001 01010 00100 01010 10001 10001',
  Y: '10001 10001 10001 01010 00100 00100 00100',
  Z: '11111 00001 00010 00100 01000 10000 11111',
  '0': '01110 10001 10011 10101 11001 10001 01110',
  '1': '00100 01100 00100 00100 00100 00100 01110',
  '2': '01110 10001 00001 00010 00100 01000 11111',
  '3': '11111 00010 00100 00010 00001 10001 01110',
  '4': '00010 00110 01010 10010 11111 00010 00010',
  '5': '11111 10000 11110 00001 00001 10001 01110',
  '6': '00110 01000 10000 11110 10001 10001 01110',
  '7': '11111 00001 00010 00100 01000 01000 01000',
  '8': '01110 10001 10001 01110 10001 10001 01110',
  '9': '01110 10001 10001 01111 00001 00010 01100',
  ' ': '00000 00000 00000 00000 00000 00000 00000',
  '!': '00100 00100 00100 00100 00100 00000 00100',
  '?': '01110 10001 00001 00010 00100 00000 00100',
  '.': '00000 00000 00000 00000 00000 01100 01100',
  ',': '00000 00000 00000 00000 01100 00100 01000',
  '-': '00000 00000 00000 11111 00000 00000 00000',
  ':': '00000 01100 01100 00000 01100 01100 00000',
  "'": '01100 00100 01000 00000 00000 00000 00000',
  '&': '01100 10010 10100 01000 10101 10010 01101',
  '/': '00000 00001 00010 00100 01000 10000 00000',
};

class Canvas {
  readonly pixels: Buffer;

  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgb,
  ) {
    this.pixels = Buffer.alloc(width * height * 3);
    this.rect(0, 0, width, height, background);
  }

  private blend(x: number, y: number, [r, g, b]: Rgb, alpha: number) {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height || alpha <= 0) return;
    const at = (y * this.width + x) * 3;
    const a = Math.min(alpha, 1);
    this.pixels[at] = Math.round(this.pixels[at]! * (1 - a) + r * a);
    this.pixels[at + 1] = Math.round(this.pixels[at + 1]! * (1 - a) + g * a);
    this.pixels[at + 2] = Math.round(this.pixels[at + 2]! * (1 - a) + b * a);
  }

  rect(x: number, y: number, w: number, h: number, colour: Rgb) {
    for (let py = Math.max(0, y); py < Math.min(this.height, y + h); py++) {
      for (let px = Math.max(0, x); px < Math.min(this.width, x + w); px++) this.blend(px, py, colour, 1);
    }
  }

  /** A rectangle with round corners of radius `r`, its edges smoothed (a circle is a square with r = half its side). */
  roundRect(x: number, y: number, w: number, h: number, r: number, colour: Rgb) {
    for (let py = Math.floor(y); py < Math.ceil(y + h); py++) {
      for (let px = Math.floor(x); px < Math.ceil(x + w); px++) {
        const cx = px + 0.5;
        const cy = py + 0.5;
        const dx = Math.max(x + r - cx, 0, cx - (x + w - r));
        const dy = Math.max(y + r - cy, 0, cy - (y + h - r));
        this.blend(px, py, colour, r + 0.5 - Math.hypot(dx, dy));
      }
    }
  }

  circle(cx: number, cy: number, r: number, colour: Rgb) {
    this.roundRect(cx - r, cy - r, 2 * r, 2 * r, r, colour);
  }

  /** How wide `text` is at `scale` (each font pixel a scale × scale square, one pixel between letters). */
  static textWidth(text: string, scale: number): number {
    return text.length * 6 * scale - scale;
  }

  /** Writes one line of capitals; `x` is its left edge, or its centre with align 'center'. */
  text(text: string, x: number, y: number, scale: number, colour: Rgb, align: 'left' | 'center' = 'left') {
    const line = text.toUpperCase();
    let left = align === 'center' ? Math.round(x - Canvas.textWidth(line, scale) / 2) : x;
    for (const ch of line) {
      const glyph = GLYPHS[ch];
      if (!glyph) throw new Error(`The demo font has no ${JSON.stringify(ch)}`);
      glyph.split(' ').forEach((row, gy) => {
        for (let gx = 0; gx < 5; gx++) if (row[gx] === '1') this.rect(left + gx * scale, y + gy * scale, scale, scale, colour);
      });
      left += 6 * scale;
    }
  }

  png(): Buffer {
    return encodePng(this.width, this.height, this.pixels);
  }
}

/** 'Join Our Team': a recruitment post an agent shares with their referral code. */
function recruitmentPost(agency: string): Buffer {
  const c = new Canvas(1080, 1080, COLOURS.teal700);
  const { white, teal100, teal600, teal800, teal900, amber } = COLOURS;
  c.circle(1010, 90, 300, teal600);
  c.circle(40, 1060, 240, teal800);
  const name = agency.toUpperCase();
  c.text(name.length <= 30 && [...name].every((ch) => ch in GLYPHS) ? name : 'INSURANCE AGENCY', 80, 96, 4, teal100);
  c.rect(80, 150, 120, 8, amber);
  c.text('JOIN OUR TEAM', 80, 250, 12, white);
  c.text('BECOME A LICENSED', 80, 380, 7, teal100);
  c.text('INSURANCE AGENT', 80, 450, 7, teal100);
  ['FLEXIBLE HOURS', 'TRAINING AND MENTORING', 'COMMISSIONS PAID MONTHLY'].forEach((line, i) => {
    const y = 590 + i * 72;
    c.roundRect(80, y, 30, 30, 6, amber);
    c.text(line, 140, y - 2, 5, white);
  });
  c.roundRect(80, 870, 920, 120, 60, amber);
  c.text('ASK ME FOR MY REFERRAL CODE', 540, 909, 5, teal900, 'center');
  return c.png();
}

/** 'Registration due?': a CTPL renewal reminder with a car. */
function renewalPost(): Buffer {
  const c = new Canvas(1080, 1080, COLOURS.paper);
  const { white, teal100, teal600, teal700, amber, sky, slate300, slate500, slate800, slate900 } = COLOURS;
  c.rect(0, 0, 1080, 320, teal700);
  c.text('IS YOUR CAR', 540, 90, 9, white, 'center');
  c.text('REGISTRATION DUE?', 540, 190, 9, teal100, 'center');
  // The car: cabin, body, windows, wheels, on a road.
  c.rect(120, 745, 840, 10, slate300);
  c.roundRect(370, 430, 330, 140, 56, teal600);
  c.roundRect(220, 530, 640, 150, 44, teal600);
  c.roundRect(400, 458, 126, 84, 18, sky);
  c.roundRect(544, 458, 126, 84, 18, sky);
  c.roundRect(830, 580, 30, 24, 8, amber);
  for (const x of [370, 710]) {
    c.circle(x, 690, 62, slate800);
    c.circle(x, 690, 26, slate300);
  }
  c.text('RENEW YOUR CTPL ON TIME', 540, 800, 6, slate900, 'center');
  c.text('COMPREHENSIVE COVER ALSO AVAILABLE', 540, 870, 4, slate500, 'center');
  c.rect(0, 960, 1080, 120, amber);
  c.text('MESSAGE ME FOR A FREE QUOTE', 540, 999, 5, slate900, 'center');
  return c.png();
}

/** 'Needs-based selling in 5 steps': a training card. */
function sellingStepsCard(): Buffer {
  const c = new Canvas(1080, 1080, COLOURS.white);
  const { white, teal100, teal200, teal600, teal700, slate500, slate900 } = COLOURS;
  c.rect(0, 0, 1080, 210, teal700);
  c.text('NEEDS-BASED SELLING', 540, 56, 8, white, 'center');
  c.text('IN 5 STEPS', 540, 142, 5, teal100, 'center');
  const steps: Array<[string, string]> = [
    ['BUILD RAPPORT', 'INTRODUCE YOURSELF, THEN LISTEN'],
    ['ASK ABOUT NEEDS', 'FAMILY, HEALTH, CAR, HOME, BUSINESS'],
    ['MATCH THE RIGHT PLAN', 'COVER, LIMITS AND EXCLUSIONS'],
    ['ANSWER CONCERNS', 'BUDGET, CLAIMS, HOW TO PAY'],
    ['CLOSE AND FOLLOW UP', 'APPLICATION, PAYMENT, POLICY'],
  ];
  c.rect(136, 320, 8, 4 * 150, teal200);
  steps.forEach(([title, detail], i) => {
    const y = 320 + i * 150;
    c.circle(140, y, 50, teal600);
    c.text(String(i + 1), 140, y - 28, 8, white, 'center');
    c.text(title, 230, y - 36, 6, slate900);
    c.text(detail, 230, y + 22, 3, slate500);
  });
  c.text('FOR AGENT TRAINING ONLY', 540, 1030, 3, slate500, 'center');
  return c.png();
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
