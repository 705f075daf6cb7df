import { saveStoreProductFields, storeRequestFields, type StoreRequestStatus } from '@ahente/contract/estore';
import type { buildServices } from '../app.ts';
import type { Auth } from '../platform/sessions.ts';
import { newStorageKey } from '../platform/storage.ts';
import { renewalPost } from './demo-images.ts';

type Services = ReturnType<typeof buildServices>;

/**
 * The E-Store (issue 48, decision 040) in the demo: the agency's catalogue (five products, one with
 * its picture), the stores of the licensed agents (one showing its number), their page views, and
 * requests from clients in every state, each with its deal For Quotation. An unlicensed agent's
 * store stays closed.
 */
export async function seedEstore(s: Services, admin: Auth, agents: number[]): Promise<{ products: number; requests: number }> {
  const image = renewalPost();
  const key = newStorageKey('store');
  const { size } = await s.storage.put(key, image);
  const products = [
    {
      product: 'Comprehensive',
      description: 'Own damage, theft, acts of nature and third-party cover for your car, from the agency’s partner insurers.',
      price_from: '12500',
      upload: { field: 'image', key, size, contentType: 'image/png' as const, fileName: 'comprehensive.png' },
    },
    {
      product: 'CTPL',
      description: 'The compulsory third-party liability cover your LTO registration needs.',
      price_from: '610',
      upload: null,
    },
    {
      product: 'Travel Insurance',
      description: 'Medical and trip cover abroad, with the Schengen certificate when you need one.',
      upload: null,
    },
    {
      product: 'Individual',
      description: 'A health card (HMO) for yourself or your family: consultations, tests and hospital care.',
      upload: null,
    },
    { product: 'Memorial Plan', description: 'A pre-need memorial plan paid in instalments, for peace of mind.', upload: null },
  ];
  for (const p of products) {
    const input = saveStoreProductFields.parse({
      product: p.product,
      description: p.description,
      ...(p.price_from ? { price_from: p.price_from } : {}),
    });
    await s.estore.saveProduct(admin, input, p.upload);
  }

  // The first agents' stores (agents[2] holds no licence: its store is closed); the first shows its number.
  const open = [agents[0]!, agents[1]!, agents[3]!];
  await s.estore.saveSettings(open[0]!, false, true, '');
  const catalogue = await s.estore.products();
  const idOf = (name: string) => catalogue.find((p) => p.product === name)!.id;
  const clients: {
    name: string;
    mobile: string;
    product: string;
    answers: string[];
    message: string | null;
    status: StoreRequestStatus;
  }[] = [
    {
      name: 'Rowena Castillo',
      mobile: '09171110001',
      product: 'Comprehensive',
      answers: ['Sedan', 'Toyota Vios 1.3 XLE', '2022', '720000'],
      message: 'Renewal is due next month.',
      status: 'new',
    },
    {
      name: 'Jerome Bautista',
      mobile: '09181110002',
      product: 'CTPL',
      answers: [],
      message: 'For my motorcycle registration.',
      status: 'contacted',
    },
    {
      name: 'Angelica Navarro',
      mobile: '09191110003',
      product: 'Travel Insurance',
      answers: ['Japan', 'April 3 to 12, 2027'],
      message: null,
      status: 'quoted',
    },
    {
      name: 'Paolo Mendoza',
      mobile: '09201110004',
      product: 'Comprehensive',
      answers: ['SUV', 'Mitsubishi Montero Sport', '2021', '1450000'],
      message: null,
      status: 'won',
    },
    {
      name: 'Kristine Flores',
      mobile: '09211110005',
      product: 'Individual',
      answers: [],
      message: 'For me and my two kids.',
      status: 'lost',
    },
    { name: 'Benjie Salazar', mobile: '09221110006', product: 'Memorial Plan', answers: [], message: null, status: 'new' },
  ];
  let requests = 0;
  for (const [i, c] of clients.entries()) {
    const agent = open[i % open.length]!;
    const member = await s.members.findById(agent);
    const code = member!.referral_code;
    for (let v = 0; v < 3; v++) await s.estore.page(code);
    const fields = storeRequestFields.parse({
      token: await s.estore.issueToken(code),
      product: idOf(c.product),
      name: c.name,
      mobile: c.mobile,
      consent: 'yes',
      ...(c.message ? { message: c.message } : {}),
      ...Object.fromEntries(c.answers.map((a, n) => [`q${n + 1}`, a])),
    });
    const done = await s.estore.request(code, fields, `203.177.40.${i + 1}`);
    if (!done.saved) continue;
    requests += 1;
    if (c.status !== 'new') {
      const list = await s.estore.requests({ memberId: agent, accountType: 'user', sessionId: 'seed' }, agent, 'new', '');
      const mine = list.requests.find((r) => r.client_name === c.name)!;
      await s.estore.setRequest({ memberId: agent, accountType: 'user', sessionId: 'seed' }, mine.id, c.status);
    }
  }
  return { products: products.length, requests };
}
