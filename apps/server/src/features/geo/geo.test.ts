import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PSGC_CODE, type GeoPlace } from '@ahente/contract/geo';
import { routes } from '@ahente/contract/routes';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness.ts';
import { createGeoService } from './service.ts';

/** The PSGC cascade (decision 015): GET /api/geo/regions, …/regions/{code}/cities, …/cities/{code}/barangays. */
let t: TestApp;
let agentClient: TestClient;
let adminClient: TestClient;

beforeAll(async () => {
  t = await startTestApp();
  ({ agentClient, adminClient } = await t.callers());
});
afterAll(() => t.close());

const geo = createGeoService();

const NCR = '1300000000';
const CAR = '1400000000';
const DAVAO_REGION = '1100000000';
const MANILA = '1380600000';
const QUEZON_CITY = '1381300000';
const BINONDO = '1380602000'; // a district of Manila, not offered
const BAGUIO = '1430300000';
const DAVAO_CITY = '1130700000';
const TONDO_BARANGAY_1 = '1380601001';
const ERMITA_BARANGAY_659 = '1380608001';

const regionsUrl = routes.geoRegions.path;
const citiesUrl = (code: string) => routes.geoCities.path.replace(':code', code);
const barangaysUrl = (code: string) => routes.geoBarangays.path.replace(':code', code);

async function list(client: TestClient, url: string): Promise<GeoPlace[]> {
  const res = await client.get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const collator = new Intl.Collator('en', { numeric: true });
const isSortedByName = (places: GeoPlace[]) => places.every((p, i) => i === 0 || collator.compare(places[i - 1]!.name, p.name) <= 0);

describe('GET /api/geo/*: access', () => {
  it('answers 401 without a session', async () => {
    for (const url of [regionsUrl, citiesUrl(NCR), barangaysUrl(QUEZON_CITY)]) {
      const res = await t.client().get(url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json(), url).toEqual({ error: expect.any(String) });
    }
  });

  it('answers an agent and an admin, with a private day-long Cache-Control', async () => {
    for (const client of [agentClient, adminClient]) {
      for (const url of [regionsUrl, citiesUrl(NCR), barangaysUrl(QUEZON_CITY)]) {
        const res = await client.get(url);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control'], url).toBe('private, max-age=86400');
        expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      }
    }
  });
});

describe('GET /api/geo/regions', () => {
  it('lists the 18 regions of the 2025-2Q release, NCR first, as { code, name }', async () => {
    const regions = await list(agentClient, regionsUrl);
    expect(regions).toHaveLength(18);
    expect(regions[0]).toEqual({ code: NCR, name: 'National Capital Region (NCR)' });
    expect(regions).toContainEqual({ code: CAR, name: 'Cordillera Administrative Region (CAR)' });
    expect(regions).toContainEqual({ code: DAVAO_REGION, name: 'Region XI (Davao Region)' });
    for (const r of regions) {
      expect(Object.keys(r).sort()).toEqual(['code', 'name']);
      expect(r.code).toMatch(/^\d{2}00000000$/);
    }
  });
});

describe('GET /api/geo/regions/{code}/cities', () => {
  it("lists NCR's cities with the City of Manila as one city and none of its districts", async () => {
    const cities = await list(agentClient, citiesUrl(NCR));
    expect(cities).toContainEqual({ code: MANILA, name: 'City of Manila' });
    expect(cities).toContainEqual({ code: QUEZON_CITY, name: 'Quezon City' });
    expect(cities).toContainEqual({ code: '1381701000', name: 'Pateros' });
    for (const district of ['Binondo', 'Tondo I/II', 'Ermita', 'Sampaloc', 'Port Area']) {
      expect(cities.map((c) => c.name)).not.toContain(district);
    }
    expect(cities.map((c) => c.code)).not.toContain(BINONDO);
    // 16 cities and Pateros.
    expect(cities).toHaveLength(17);
    expect(isSortedByName(cities)).toBe(true);
  });

  it('puts highly urbanised cities under their region', async () => {
    expect(await list(agentClient, citiesUrl(CAR))).toContainEqual({ code: BAGUIO, name: 'City of Baguio' });
    expect(await list(agentClient, citiesUrl(DAVAO_REGION))).toContainEqual({ code: DAVAO_CITY, name: 'City of Davao' });
  });

  it('names a city or municipality that occurs twice in a region with its province', async () => {
    const names = (await list(agentClient, citiesUrl('0100000000'))).map((c) => c.name);
    expect(names).toEqual(
      expect.arrayContaining(['Burgos (Ilocos Norte)', 'Burgos (Ilocos Sur)', 'Burgos (La Union)', 'Burgos (Pangasinan)']),
    );
    expect(names).not.toContain('Burgos');
    expect(new Set(names).size).toBe(names.length);
  });

  it('answers 404 { error } for an unknown region, and no day-long cache', async () => {
    for (const code of ['1500000000', '0000000000', MANILA]) {
      const res = await agentClient.get(citiesUrl(code));
      expect(res.statusCode, code).toBe(404);
      expect(res.json()).toEqual({ error: 'Region not found' });
      expect(res.headers['cache-control'] ?? '').not.toContain('max-age=86400');
    }
  });

  it('answers 400 for a code that is not 10 digits', async () => {
    for (const code of ['13', 'abc', '13000000000', '13000000a0']) {
      const res = await agentClient.get(citiesUrl(code));
      expect(res.statusCode, code).toBe(400);
      expect(res.json().error, code).toBe('code must be a 10-digit PSGC code');
    }
  });
});

describe('GET /api/geo/cities/{code}/barangays', () => {
  it('gives the City of Manila the 897 barangays of all its districts, in numeric order', async () => {
    const barangays = await list(agentClient, barangaysUrl(MANILA));
    expect(barangays).toHaveLength(897);
    expect(barangays).toContainEqual({ code: TONDO_BARANGAY_1, name: 'Barangay 1' });
    expect(barangays).toContainEqual({ code: ERMITA_BARANGAY_659, name: 'Barangay 659' });
    expect(barangays.slice(0, 3).map((b) => b.name)).toEqual(['Barangay 1', 'Barangay 2', 'Barangay 3']);
    expect(barangays.every((b) => b.code.startsWith('13806'))).toBe(true);
    expect(isSortedByName(barangays)).toBe(true);
  });

  it("lists Quezon City's barangays sorted by name", async () => {
    const barangays = await list(agentClient, barangaysUrl(QUEZON_CITY));
    expect(barangays.length).toBeGreaterThan(100);
    expect(barangays).toContainEqual({ code: '1381300001', name: 'Alicia' });
    expect(isSortedByName(barangays)).toBe(true);
    expect(barangays.every((b) => b.code.startsWith('1381300'))).toBe(true);
  });

  it('answers 404 for an unknown city, a district of Manila or a region', async () => {
    for (const code of ['1381399000', BINONDO, NCR]) {
      const res = await agentClient.get(barangaysUrl(code));
      expect(res.statusCode, code).toBe(404);
      expect(res.json()).toEqual({ error: 'City or municipality not found' });
    }
  });

  it('answers 400 for a code that is not 10 digits', async () => {
    for (const code of ['13', 'abc', '13813000000']) {
      expect((await agentClient.get(barangaysUrl(code))).statusCode, code).toBe(400);
    }
  });
});

describe('the PSGC data as shaped by the service', () => {
  const dataRequire = createRequire(import.meta.url);

  it("names a city by region + city + '000', which is the PSA's code wherever the data has a 10-digit one", () => {
    const rows = dataRequire('@ahente/psgc/2025-2Q/muncities.json') as { psgcCode: string; regCode: string; munCityCode: string }[];
    expect(rows).toHaveLength(1656);
    const tenDigit = rows.filter((r) => PSGC_CODE.test(r.psgcCode));
    expect(tenDigit.length).toBeGreaterThan(1600);
    for (const r of tenDigit) expect(`${r.regCode}${r.munCityCode}000`).toBe(r.psgcCode);
    expect(rows.find((r) => r.munCityCode === '81300')?.psgcCode).toBe('81300'); // the quirk this works around
  });

  it('nests every barangay in its city and every city in its region, each city with barangays', () => {
    let cityCount = 0;
    let barangayCount = 0;
    for (const region of geo.regions()) {
      const cities = geo.cities(region.code)!;
      expect(cities.length, region.name).toBeGreaterThan(0);
      for (const city of cities) {
        cityCount += 1;
        expect(city.code, city.name).toMatch(PSGC_CODE);
        expect(city.code.slice(0, 2), city.name).toBe(region.code.slice(0, 2));
        const barangays = geo.barangays(city.code)!;
        expect(barangays.length, city.name).toBeGreaterThan(0);
        const prefix = city.code === MANILA ? '13806' : city.code.slice(0, 7);
        const stray = barangays.filter((b) => !b.code.startsWith(prefix) || !PSGC_CODE.test(b.code));
        expect(stray, city.name).toEqual([]);
        expect(geo.addressProblem({ region: region.code, city: city.code, barangay: barangays[0]!.code }), city.name).toBeNull();
        barangayCount += barangays.length;
      }
    }
    // 1,656 rows less Manila's 14 districts; every barangay of the release is offered once.
    expect(cityCount).toBe(1642);
    expect(barangayCount).toBe(42011);
  });

  it('trims every name', () => {
    const names = geo.regions().flatMap((r) => [r, ...geo.cities(r.code)!.flatMap((c) => [c, ...geo.barangays(c.code)!])]);
    expect(names.filter((p) => p.name !== p.name.trim() || p.name === '')).toEqual([]);
    expect(geo.nameOf('1004210051')).toBe('50th District'); // '50th District ' in the data
  });

  it('answers the same frozen arrays every time', () => {
    expect(geo.cities(NCR)).toBe(geo.cities(NCR));
    expect(Object.isFrozen(geo.barangays(MANILA))).toBe(true);
    expect(Object.isFrozen(geo.regions()[0])).toBe(true);
  });

  it('names any region, city or barangay by code', () => {
    expect(geo.nameOf(NCR)).toBe('National Capital Region (NCR)');
    expect(geo.nameOf(MANILA)).toBe('City of Manila');
    expect(geo.nameOf(TONDO_BARANGAY_1)).toBe('Barangay 1');
    expect(geo.nameOf(BINONDO)).toBeNull();
    expect(geo.nameOf('9999999999')).toBeNull();
    expect(geo.nameOf('')).toBeNull();
  });
});

describe('addressProblem', () => {
  const ok = { region: NCR, city: MANILA, barangay: TONDO_BARANGAY_1 };

  it('accepts a full address, a partial one from the top and none', () => {
    expect(geo.addressProblem(ok)).toBeNull();
    expect(geo.addressProblem({ region: NCR, city: MANILA, barangay: ERMITA_BARANGAY_659 })).toBeNull();
    expect(geo.addressProblem({ region: CAR, city: BAGUIO, barangay: null })).toBeNull();
    expect(geo.addressProblem({ region: NCR, city: null, barangay: null })).toBeNull();
    expect(geo.addressProblem({ region: null, city: null, barangay: null })).toBeNull();
  });

  it('needs a region before a city and a city before a barangay', () => {
    expect(geo.addressProblem({ region: null, city: MANILA, barangay: null })).toBe('Choose a region before a city');
    expect(geo.addressProblem({ region: NCR, city: null, barangay: TONDO_BARANGAY_1 })).toBe('Choose a city before a barangay');
    expect(geo.addressProblem({ region: null, city: null, barangay: TONDO_BARANGAY_1 })).toBe('Choose a city before a barangay');
  });

  it('refuses unknown codes, a district of Manila included', () => {
    expect(geo.addressProblem({ ...ok, region: '1500000000' })).toBe('Region is not a known PSGC region');
    expect(geo.addressProblem({ ...ok, region: MANILA })).toBe('Region is not a known PSGC region');
    expect(geo.addressProblem({ ...ok, city: '1381399000' })).toBe('City is not a known PSGC city or municipality');
    expect(geo.addressProblem({ ...ok, city: BINONDO })).toBe('City is not a known PSGC city or municipality');
    expect(geo.addressProblem({ ...ok, city: NCR })).toBe('City is not a known PSGC city or municipality');
    expect(geo.addressProblem({ ...ok, barangay: '1380601999' })).toBe('Barangay is not a known PSGC barangay');
    expect(geo.addressProblem({ ...ok, barangay: MANILA })).toBe('Barangay is not a known PSGC barangay');
  });

  it('refuses a city outside the region and a barangay outside the city', () => {
    expect(geo.addressProblem({ region: CAR, city: MANILA, barangay: null })).toBe('City is not in the chosen region');
    expect(geo.addressProblem({ region: CAR, city: QUEZON_CITY, barangay: '1381300001' })).toBe('City is not in the chosen region');
    expect(geo.addressProblem({ region: NCR, city: QUEZON_CITY, barangay: TONDO_BARANGAY_1 })).toBe('Barangay is not in the chosen city');
    expect(geo.addressProblem({ region: DAVAO_REGION, city: DAVAO_CITY, barangay: TONDO_BARANGAY_1 })).toBe(
      'Barangay is not in the chosen city',
    );
  });
});
