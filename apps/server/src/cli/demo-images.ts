/**
 * The images of the demo's materials (npm run seed:demo, cli/demo-files.ts): PNG social-media
 * posts and a training card, drawn pixel by pixel with a 5×7 bitmap font and written by a tiny PNG
 * encoder on node:zlib, so the server's sniffer finds image/png in the bytes.
 */
import { crc32, deflateSync } from 'node:zlib';

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
export function recruitmentPost(agency: string): Buffer {
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
export function renewalPost(): Buffer {
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
export function sellingStepsCard(): Buffer {
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
