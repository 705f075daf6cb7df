import { createHash } from 'node:crypto';
import { formatPeso } from '@ahente/contract/money';
import { MAX_STORE_QUESTIONS, STORE_QUESTION_FIELDS, storePath, type StoreProductView } from '@ahente/contract/estore';
import type { StoreAgent } from './service.ts';

/**
 * The E-Store's server-rendered pages (decision 040): HTML with no script at all, one small style
 * sheet inline and allowed by its hash in the page's own CSP, every client text escaped.
 */

const CSS = `*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2937;background:#f3f4f6}
header{background:#1e3a8a;color:#fff;padding:20px 16px}header .in,main,footer{max-width:960px;margin:0 auto}
.agency{margin:0;font-size:14px;opacity:.9}h1{margin:4px 0;font-size:26px;line-height:1.2}.lines{margin:4px 0 0;font-size:14px}
.who{display:flex;gap:12px;align-items:center}.who img{width:64px;height:64px;border-radius:50%;object-fit:cover;background:#fff}
header a{color:#fff;font-weight:600}main{padding:16px}h2{font-size:20px;margin:8px 0 12px}
.products{list-style:none;margin:0;padding:0;display:grid;gap:16px;grid-template-columns:repeat(auto-fill,minmax(280px,1fr))}
.card{background:#fff;border-radius:8px;padding:16px;box-shadow:0 1px 2px rgba(0,0,0,.08)}.card img{width:100%;height:auto;aspect-ratio:16/9;object-fit:cover;border-radius:6px;background:#e5e7eb}
.card h3{margin:8px 0 4px;font-size:18px}.card p{margin:4px 0}.price{font-weight:600;color:#065f46}
summary{cursor:pointer;display:inline-block;margin-top:8px;padding:10px 16px;border-radius:6px;background:#1e3a8a;color:#fff;font-weight:600;list-style:none}
summary::-webkit-details-marker{display:none}#privacy summary{background:none;color:#1e3a8a;padding:0;text-decoration:underline}
form{display:grid;gap:10px;margin-top:12px}label{display:grid;gap:4px;font-size:14px;font-weight:600}
input,textarea{font:inherit;padding:10px;border:1px solid #9ca3af;border-radius:6px;width:100%}textarea{min-height:80px}
.check{display:flex;gap:8px;align-items:flex-start;font-weight:400}.check input{width:auto;margin-top:4px}
button{font:inherit;font-weight:600;padding:12px;border:0;border-radius:6px;background:#065f46;color:#fff;cursor:pointer}
.hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}.note{font-size:14px;color:#4b5563}
.notice{white-space:pre-wrap;font-size:14px;background:#fff;padding:12px;border-radius:6px}
footer{padding:16px;font-size:13px;color:#4b5563}.box{background:#fff;border-radius:8px;padding:20px;max-width:560px;margin:24px auto}
.box a{color:#1e3a8a;font-weight:600}`;

const STYLE_HASH = `'sha256-${createHash('sha256').update(CSS).digest('base64')}'`;

/** The page's own CSP: no script, no connections, the one inline style by its hash, forms posted here only. */
export function storeCsp(upgradeInsecure: boolean): string {
  return [
    "default-src 'none'",
    "script-src 'none'",
    `style-src ${STYLE_HASH}`,
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'none'",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    ...(upgradeInsecure ? ['upgrade-insecure-requests'] : []),
  ].join(';');
}

/** Text and attribute values, escaped. */
export const esc = (v: string | number | null | undefined) =>
  String(v ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

function shell(o: { title: string; head?: string; body: string }): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(o.title)}</title>${o.head ?? ''}<style>${CSS}</style></head><body>${o.body}</body></html>`;
}

const field = (label: string, input: string) => `<label>${esc(label)}${input}</label>`;

function productCard(p: StoreProductView, o: { code: string; token: string; first: boolean }): string {
  const questions = p.questions.slice(0, MAX_STORE_QUESTIONS);
  const image = p.image_url
    ? `<img src="${esc(p.image_url)}" alt="" width="320" height="180"${o.first ? '' : ' loading="lazy"'} decoding="async">`
    : '';
  const idBase = `p${p.id}`;
  return `<li class="card">${image}<h3>${esc(p.product)}</h3><p>${esc(p.description)}</p>${
    p.price_from !== null ? `<p class="price">from ${esc(formatPeso(p.price_from))}</p>` : ''
  }<details><summary>Request a quote</summary><form method="post" action="${esc(storePath(o.code))}/request">
<input type="hidden" name="token" value="${esc(o.token)}"><input type="hidden" name="product" value="${p.id}">
<div class="hp" aria-hidden="true"><label>Leave this empty<input name="website" tabindex="-1" autocomplete="off"></label></div>
${field('Your name', `<input name="name" required maxlength="100" autocomplete="name" id="${idBase}-name">`)}
${field('Mobile number', `<input name="mobile" type="tel" required inputmode="tel" autocomplete="tel" placeholder="09XXXXXXXXX" maxlength="16">`)}
${field('E-mail (optional)', '<input name="email" type="email" autocomplete="email" maxlength="200">')}
${questions.map((q, i) => field(q, `<input name="${STORE_QUESTION_FIELDS[i]}" maxlength="200">`)).join('\n')}
${field('Message', '<textarea name="message" maxlength="1000"></textarea>')}
<label class="check"><input type="checkbox" name="consent" value="yes" required><span>I agree to the agency's <a href="#privacy">privacy notice</a>: my details go to this agent and the agency to prepare my quote.</span></label>
<button type="submit">Send my request</button></form></details></li>`;
}

/** GET /s/:code of an open store. */
export function storePage(o: {
  agency: string;
  agent: StoreAgent;
  lines: string[];
  products: StoreProductView[];
  token: string;
  notice: { version: number; body: string };
  baseUrl: string;
}): string {
  const { agent, agency } = o;
  const url = `${o.baseUrl}${storePath(agent.code)}`;
  const title = `${agent.name} · ${agency}`;
  const description = `Insurance from ${agency} through ${agent.name}, a licensed agent (${o.lines.join(', ')}). Ask for a quote.`;
  const image = agent.photoUrl ? `${o.baseUrl}${agent.photoUrl}` : null;
  const head = [
    `<meta name="description" content="${esc(description)}">`,
    `<link rel="canonical" href="${esc(url)}">`,
    '<meta property="og:type" content="website">',
    `<meta property="og:site_name" content="${esc(agency)}">`,
    `<meta property="og:title" content="${esc(title)}">`,
    `<meta property="og:description" content="${esc(description)}">`,
    `<meta property="og:url" content="${esc(url)}">`,
    ...(image ? [`<meta property="og:image" content="${esc(image)}">`] : []),
    `<meta name="twitter:card" content="summary">`,
    `<meta name="twitter:title" content="${esc(title)}">`,
    `<meta name="twitter:description" content="${esc(description)}">`,
    ...(image ? [`<meta name="twitter:image" content="${esc(image)}">`] : []),
  ].join('');
  const photo = agent.photoUrl ? `<img src="${esc(agent.photoUrl)}" alt="" width="64" height="64">` : '';
  const contact = agent.contact ? `<p><a href="tel:${esc(agent.contact)}">${esc(agent.contact)}</a></p>` : '';
  const body = `<header><div class="in"><p class="agency">${esc(agency)}</p><div class="who">${photo}<div><h1>${esc(agent.name)}</h1>
<p class="lines">Licensed agent: ${esc(o.lines.join(', '))}</p>${contact}</div></div></div></header>
<main><h2>Products</h2>${
    o.products.length
      ? `<ul class="products">${o.products.map((p, i) => productCard(p, { code: agent.code, token: o.token, first: i === 0 })).join('')}</ul>`
      : '<p>No products are offered here yet.</p>'
  }
<p class="note">Your request goes to ${esc(agent.name)}, who answers with a quote. Nothing is bought or paid on this page.</p>
<details id="privacy"><summary>Privacy notice of ${esc(agency)} (version ${o.notice.version})</summary><div class="notice">${esc(o.notice.body)}</div></details></main>
<footer>${esc(agency)} · E-Store of ${esc(agent.name)}</footer>`;
  return shell({ title, head, body });
}

/** An unknown, disabled or unlicensed store: the same short page for all. */
export function closedPage(agency: string): string {
  return shell({
    title: agency,
    head: '<meta name="robots" content="noindex">',
    body: `<header><div class="in"><p class="agency">E-Store</p><h1>${esc(agency)}</h1></div></header><main><div class="box"><h2>This store is not open</h2><p>There is no store at this address, or it is not open at the moment. Please contact ${esc(agency)}.</p></div></main>`,
  });
}

/** After a request: who will contact the client. */
export function thanksPage(o: {
  agency: string;
  agentName: string;
  code: string;
  client: string | null;
  mobile: string | null;
  product: string;
}): string {
  const whom = o.client ? `Thank you, ${o.client}.` : 'Thank you.';
  const about = o.product ? ` about ${o.product}` : '';
  const at = o.mobile ? ` at ${o.mobile}` : '';
  return shell({
    title: `Request sent · ${o.agency}`,
    head: '<meta name="robots" content="noindex">',
    body: `<header><div class="in"><p class="agency">${esc(o.agency)}</p><h1>Request sent</h1></div></header><main><div class="box"><h2>${esc(whom)}</h2><p>${esc(
      `${o.agentName} of ${o.agency} will contact you${at}${about}.`,
    )}</p><p><a href="${esc(storePath(o.code))}">Back to the store</a></p></div></main>`,
  });
}

/** A refused request: what is wrong, and the way back. */
export function problemPage(o: { agency: string; code: string; messages: string[] }): string {
  return shell({
    title: `Request not sent · ${o.agency}`,
    head: '<meta name="robots" content="noindex">',
    body: `<header><div class="in"><p class="agency">${esc(o.agency)}</p><h1>Request not sent</h1></div></header><main><div class="box" role="alert"><ul>${o.messages
      .map((m) => `<li>${esc(m)}</li>`)
      .join('')}</ul><p><a href="${esc(storePath(o.code))}">Back to the store</a></p></div></main>`,
  });
}
