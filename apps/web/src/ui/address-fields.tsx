import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { Combobox } from './combobox';
import { Field } from './field';
import { Input } from './input';
import { Select, type SelectOption } from './select';

/** A place of the PSGC lists (region, city or municipality, barangay), named by its code. */
export interface Place {
  code: string;
  name: string;
}

/** One list as a query hook gives it (api/geo.ts): its places once loaded. */
export interface PlaceList {
  data?: readonly Place[] | undefined;
  isPending: boolean;
  isError: boolean;
  fetchStatus: string;
}

/** The three lists of the cascade: cities of the chosen region, barangays of the chosen city. */
export interface AddressLists {
  regions: PlaceList;
  cities: PlaceList;
  barangays: PlaceList;
}

/** The form fields the cascade fills: PSGC codes as text, '' for none (decision 015). */
export interface AddressFormValues extends FieldValues {
  address_region: string;
  address_city: string;
  address_barangay: string;
}

/** The name of a code in a loaded list; the code itself until the list is there. */
function nameOf(list: PlaceList, code: string): string {
  if (!code) return '';
  const place = list.data?.find((p) => p.code === code);
  if (place) return place.name;
  return list.isPending ? 'Loading…' : code;
}

const options = (list: PlaceList): SelectOption[] => list.data?.map((p) => ({ value: p.code, label: p.name })) ?? [];

function placeholder(list: PlaceList, idle: string, loading: string): string {
  if (list.isError) return 'Could not load the list';
  return list.isPending && list.fetchStatus !== 'idle' ? loading : idle;
}

interface AddressFieldsProps<T extends AddressFormValues, TOut extends FieldValues> {
  control: Control<T, unknown, TOut>;
  /** The lists for the form's current region and city (useAddressLists of api/geo.ts). */
  lists: AddressLists;
  /** False: the saved places shown by name, read-only. */
  editing?: boolean;
}

/**
 * Region → City → Barangay (spec §2 Personal Details; the admin's Edit Member Details too): City
 * waits for a region, Barangay for a city; a new region clears city and barangay, a new city clears
 * barangay. The region is a plain select (18 of them); the long lists of cities and barangays are
 * searchable: typing filters them. Three fields, for the caller's grid.
 */
export function AddressFields<T extends AddressFormValues, TOut extends FieldValues = T>({
  control,
  lists,
  editing = true,
}: AddressFieldsProps<T, TOut>) {
  const {
    field: { ref: regionRef, name: regionName, value: regionValue, onBlur: regionBlur, onChange: setRegion },
    fieldState: { error: regionError },
  } = useController({ control, name: 'address_region' as Path<T> });
  const {
    field: { ref: cityRef, name: cityName, value: cityValue, onBlur: cityBlur, onChange: setCity },
    fieldState: { error: cityError },
  } = useController({ control, name: 'address_city' as Path<T> });
  const {
    field: { ref: barangayRef, name: barangayName, value: barangayValue, onBlur: barangayBlur, onChange: setBarangay },
    fieldState: { error: barangayError },
  } = useController({ control, name: 'address_barangay' as Path<T> });
  const regionCode = String(regionValue ?? '');
  const cityCode = String(cityValue ?? '');
  const barangayCode = String(barangayValue ?? '');

  if (!editing) {
    return (
      <>
        <Field label="Region">
          <Input readOnly value={nameOf(lists.regions, regionCode)} />
        </Field>
        <Field label="City">
          <Input readOnly value={nameOf(lists.cities, cityCode)} />
        </Field>
        <Field label="Barangay">
          <Input readOnly value={nameOf(lists.barangays, barangayCode)} />
        </Field>
      </>
    );
  }

  return (
    <>
      <Field label="Region" error={regionError?.message}>
        <Select
          ref={regionRef}
          name={regionName}
          value={regionCode}
          onBlur={regionBlur}
          onChange={(event) => {
            setRegion(event.target.value);
            setCity('');
            setBarangay('');
          }}
          disabled={!lists.regions.data}
          placeholder={placeholder(lists.regions, 'Select a region', 'Loading regions…')}
          options={options(lists.regions)}
        />
      </Field>
      <Field label="City" error={cityError?.message} hint={regionCode ? 'Type to find a city or municipality.' : undefined}>
        <Combobox
          ref={cityRef}
          name={cityName}
          value={cityCode}
          onBlur={cityBlur}
          onChange={(code) => {
            setCity(code);
            setBarangay('');
          }}
          disabled={!regionCode || !lists.cities.data}
          listLabel="Cities and municipalities"
          placeholder={regionCode ? placeholder(lists.cities, 'Select a city or municipality', 'Loading cities…') : 'Choose a region first'}
          options={options(lists.cities)}
        />
      </Field>
      <Field label="Barangay" error={barangayError?.message} hint={cityCode ? 'Type to find a barangay.' : undefined}>
        <Combobox
          ref={barangayRef}
          name={barangayName}
          value={barangayCode}
          onBlur={barangayBlur}
          onChange={(code) => setBarangay(code)}
          disabled={!cityCode || !lists.barangays.data}
          listLabel="Barangays"
          placeholder={cityCode ? placeholder(lists.barangays, 'Select a barangay', 'Loading barangays…') : 'Choose a city first'}
          options={options(lists.barangays)}
        />
      </Field>
    </>
  );
}
