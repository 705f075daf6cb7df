import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useLanguage } from '../../i18n';
import './i18n';
import { Combobox } from './combobox';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { Select, type SelectOption } from '../../ui/select';

/** A place of the PSGC lists (region, city or municipality, barangay), named by its code. */
export interface Place {
  code: string;
  name: string;
}

/** One list as a query hook gives it (geo-api.ts): its places once loaded. */
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
function nameOf(list: PlaceList, code: string, loading: string): string {
  if (!code) return '';
  const place = list.data?.find((p) => p.code === code);
  if (place) return place.name;
  return list.isPending ? loading : code;
}

const options = (list: PlaceList): SelectOption[] => list.data?.map((p) => ({ value: p.code, label: p.name })) ?? [];

function placeholder(list: PlaceList, idle: string, loading: string, failed: string): string {
  if (list.isError) return failed;
  return list.isPending && list.fetchStatus !== 'idle' ? loading : idle;
}

interface AddressFieldsProps<T extends AddressFormValues, TOut extends FieldValues> {
  control: Control<T, unknown, TOut>;
  /** The lists for the form's current region and city (useAddressLists of geo-api.ts). */
  lists: AddressLists;
  /** False: the saved places shown by name, read-only. */
  editing?: boolean;
}

/**
 * Region → City → Barangay (Personal Details, and the admin's Edit Member Details too; decision
 * 015): City waits for a region, Barangay for a city; a new region clears city and barangay, a new
 * city clears barangay. The region is a plain select (18 of them); the long lists of cities and
 * barangays are searchable: typing filters them. Three fields, for the caller's grid.
 */
export function AddressFields<T extends AddressFormValues, TOut extends FieldValues = T>({
  control,
  lists,
  editing = true,
}: AddressFieldsProps<T, TOut>) {
  const { t } = useLanguage();
  const failed = t('settings.address.listFailed');
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
        <Field label={t('settings.address.region')}>
          <Input readOnly value={nameOf(lists.regions, regionCode, t('settings.address.loading'))} />
        </Field>
        <Field label={t('settings.address.city')}>
          <Input readOnly value={nameOf(lists.cities, cityCode, t('settings.address.loading'))} />
        </Field>
        <Field label={t('settings.address.barangay')}>
          <Input readOnly value={nameOf(lists.barangays, barangayCode, t('settings.address.loading'))} />
        </Field>
      </>
    );
  }

  return (
    <>
      <Field label={t('settings.address.region')} error={regionError?.message}>
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
          placeholder={placeholder(lists.regions, t('settings.address.selectRegion'), t('settings.address.loadingRegions'), failed)}
          options={options(lists.regions)}
        />
      </Field>
      <Field label={t('settings.address.city')} error={cityError?.message} hint={regionCode ? t('settings.address.cityHint') : undefined}>
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
          listLabel={t('settings.address.cities')}
          placeholder={
            regionCode
              ? placeholder(lists.cities, t('settings.address.selectCity'), t('settings.address.loadingCities'), failed)
              : t('settings.address.regionFirst')
          }
          options={options(lists.cities)}
        />
      </Field>
      <Field
        label={t('settings.address.barangay')}
        error={barangayError?.message}
        hint={cityCode ? t('settings.address.barangayHint') : undefined}
      >
        <Combobox
          ref={barangayRef}
          name={barangayName}
          value={barangayCode}
          onBlur={barangayBlur}
          onChange={(code) => setBarangay(code)}
          disabled={!cityCode || !lists.barangays.data}
          listLabel={t('settings.address.barangays')}
          placeholder={
            cityCode
              ? placeholder(lists.barangays, t('settings.address.selectBarangay'), t('settings.address.loadingBarangays'), failed)
              : t('settings.address.cityFirst')
          }
          options={options(lists.barangays)}
        />
      </Field>
    </>
  );
}
