import { useQuery } from '@tanstack/react-query';
import type { GeoPlace } from '@ahente/contract/geo';
import { call } from '../../api/client';

/**
 * The PSGC cascade of decision 015 (region → city or municipality → barangay), served by Ahente
 * itself. The lists do not change while the app runs: each is fetched once (`staleTime: Infinity`)
 * and only when its parent's code is known.
 */
export const geoKeys = {
  all: ['geo'] as const,
  regions: () => ['geo', 'regions'] as const,
  cities: (regionCode: string) => ['geo', 'cities', regionCode] as const,
  barangays: (cityCode: string) => ['geo', 'barangays', cityCode] as const,
};

/** GET /api/geo/regions. */
export function useRegions(enabled = true) {
  return useQuery({
    queryKey: geoKeys.regions(),
    queryFn: (): Promise<GeoPlace[]> => call('geoRegions', {}),
    staleTime: Infinity,
    enabled,
  });
}

/** GET /api/geo/regions/{code}/cities: nothing is asked until a region is given. */
export function useCities(regionCode: string | null | undefined) {
  return useQuery({
    queryKey: geoKeys.cities(regionCode ?? ''),
    queryFn: (): Promise<GeoPlace[]> => call('geoCities', { params: { code: regionCode ?? '' } }),
    staleTime: Infinity,
    enabled: Boolean(regionCode),
  });
}

/** GET /api/geo/cities/{code}/barangays: nothing is asked until a city is given. */
export function useBarangays(cityCode: string | null | undefined) {
  return useQuery({
    queryKey: geoKeys.barangays(cityCode ?? ''),
    queryFn: (): Promise<GeoPlace[]> => call('geoBarangays', { params: { code: cityCode ?? '' } }),
    staleTime: Infinity,
    enabled: Boolean(cityCode),
  });
}

/** The three lists of an address being edited (address-fields.tsx): cities of `region`, barangays of `city`. */
export function useAddressLists(region: string | null | undefined, city: string | null | undefined) {
  return { regions: useRegions(), cities: useCities(region || null), barangays: useBarangays(city || null) };
}
