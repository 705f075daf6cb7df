import { useCombobox, type UseComboboxState, type UseComboboxStateChangeOptions } from 'downshift';
import { ChevronDown } from 'lucide-react';
import { forwardRef, useEffect, useMemo, useRef, useState } from 'react';
import { useLanguage } from '../../i18n';
// Its words are the address fields' (address-fields.tsx, its only user).
import './i18n';
import { cn } from '../../lib/cn';
import { useFieldControl } from '../../ui/field';
import { controlClasses } from '../../ui/input';
import type { SelectOption } from '../../ui/select';

/** Folds case and accents, so 'paranaque' finds 'Parañaque' and 'ñ' finds 'Ñ'. */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The options whose label contains what was typed: those starting with it first, each group in list order. */
export function filterOptions<O extends SelectOption>(options: readonly O[], query: string): O[] {
  const q = fold(query);
  if (!q) return [...options];
  const starts: O[] = [];
  const contains: O[] = [];
  for (const option of options) {
    const label = fold(option.label);
    if (label.startsWith(q)) starts.push(option);
    else if (label.includes(q)) contains.push(option);
  }
  return [...starts, ...contains];
}

export interface ComboboxProps {
  /** The chosen option's value; '' for none. */
  value: string;
  /** Called with an option's value, or '' when the box is emptied and left. Never with free text. */
  onChange: (value: string) => void;
  options: readonly SelectOption[];
  /** Shown while nothing is chosen (e.g. "Select a city or municipality"). */
  placeholder?: string;
  /** The list's name for assistive technology, e.g. "Cities and municipalities". */
  listLabel: string;
  disabled?: boolean;
  name?: string;
  id?: string;
  onBlur?: () => void;
  className?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}

const { stateChangeTypes: types } = useCombobox;
const labelOf = (option: SelectOption | null) => option?.label ?? '';
const keyOf = (option: SelectOption | null) => option?.value ?? null;

/**
 * A searchable select: downshift's useCombobox (the WAI-ARIA combobox with a list popup and list
 * autocomplete; decision 015) with our filter. Typing filters the options (case and accents
 * ignored, names starting with the text first) and highlights the first; the arrow keys move
 * through them, Enter or a click chooses one, Escape closes the list (and puts back the chosen
 * option's name) without closing an enclosing dialog (ui/modal.tsx). Only an option of the list
 * is ever the value: leaving the box with text that names no option puts the chosen option back;
 * with the box emptied, the choice is cleared. Inside <Field> it takes the label, hint and error wiring.
 */
export const Combobox = forwardRef<HTMLInputElement, ComboboxProps>(function Combobox(
  { value, onChange, options, placeholder, listLabel, disabled, name, onBlur, className, ...props },
  ref,
) {
  const wiring = useFieldControl(props);
  const { t } = useLanguage();
  const list = useRef<HTMLUListElement>(null);
  // What is typed; null while the box shows the chosen option's name.
  const [query, setQuery] = useState<string | null>(null);
  const chosen = options.find((o) => o.value === value) ?? null;
  const shown = useMemo(() => filterOptions(options, query ?? ''), [options, query]);

  /** Downshift's state changes, where ours differ: typing highlights the first match; only our leaving (settle) and no Escape changes the choice. */
  const stateReducer = (
    state: UseComboboxState<SelectOption>,
    { type, changes }: UseComboboxStateChangeOptions<SelectOption>,
  ): Partial<UseComboboxState<SelectOption>> => {
    switch (type) {
      case types.InputChange: {
        const typed = changes.inputValue ?? '';
        return { ...changes, highlightedIndex: typed.trim() && filterOptions(options, typed).length > 0 ? 0 : -1 };
      }
      case types.InputBlur:
        return { ...changes, selectedItem: state.selectedItem, inputValue: state.inputValue };
      case types.InputKeyDownEscape:
        return { ...changes, selectedItem: state.selectedItem, inputValue: labelOf(state.selectedItem) };
      default:
        return changes;
    }
  };

  const { isOpen, highlightedIndex, getInputProps, getMenuProps, getItemProps, getToggleButtonProps } = useCombobox<SelectOption>({
    items: shown,
    itemToString: labelOf,
    itemToKey: keyOf,
    selectedItem: chosen,
    inputValue: query ?? labelOf(chosen),
    ...(wiring.id ? { inputId: wiring.id } : {}),
    stateReducer,
    onStateChange: ({ type, selectedItem, inputValue }) => {
      // Typing is taken in the input's onChange (at once, so the caret stays where it is).
      if (type === types.InputChange) return;
      // Chosen (a click, Enter), put back (Escape), or changed by the form: the box shows the choice.
      if (inputValue !== undefined || type === types.InputKeyDownEscape) setQuery(null);
      if (selectedItem && selectedItem.value !== value) onChange(selectedItem.value);
    },
  });

  // An opened list is brought into view: near the bottom of a dialog's scrolling body it would
  // otherwise open under the dialog's footer.
  useEffect(() => {
    if (isOpen) list.current?.scrollIntoView({ block: 'nearest' });
  }, [isOpen]);

  /** Leaving the box: an exact name chooses that option, an empty box clears, anything else is undone. */
  const settle = () => {
    if (query === null) return;
    setQuery(null);
    if (fold(query) === '') {
      if (value !== '') onChange('');
      return;
    }
    const exact = options.find((o) => fold(o.label) === fold(query));
    if (exact && exact.value !== value) onChange(exact.value);
  };

  return (
    <div className="relative">
      <input
        {...getInputProps({
          ref,
          name,
          disabled,
          placeholder,
          // The name is the Field's <label for>; downshift would point at a label of its own.
          'aria-labelledby': undefined,
          'aria-describedby': wiring['aria-describedby'],
          'aria-invalid': wiring['aria-invalid'],
          onChange: (event) => setQuery(event.currentTarget.value),
          onBlur: () => {
            settle();
            onBlur?.();
          },
        })}
        type="text"
        autoCapitalize="off"
        spellCheck={false}
        className={cn(controlClasses, 'h-10 pr-9', className)}
      />
      <button
        {...getToggleButtonProps({
          'aria-label': t('settings.address.show', { list: listLabel.toLowerCase() }),
          disabled,
          // The box keeps the focus: the list opens under it.
          onMouseDown: (event) => event.preventDefault(),
        })}
        type="button"
        className="absolute inset-y-0 right-0 flex w-9 items-center justify-center text-slate-500 disabled:cursor-not-allowed"
      >
        <ChevronDown aria-hidden="true" className={cn('size-4 transition-transform', isOpen && 'rotate-180')} />
      </button>
      <ul
        {...getMenuProps({ ref: list, 'aria-label': listLabel })}
        hidden={!isOpen}
        className="absolute inset-x-0 top-full z-30 mt-1 max-h-64 overflow-y-auto overscroll-contain rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
      >
        {isOpen &&
          shown.map((option, index) => (
            <li
              key={option.value}
              {...getItemProps({ item: option, index })}
              className={cn(
                'cursor-pointer rounded-md px-2.5 py-2 text-sm text-slate-700',
                index === highlightedIndex && 'bg-brand-50 text-brand-900',
                option.value === value && 'font-semibold',
              )}
            >
              {option.label}
            </li>
          ))}
        {isOpen && shown.length === 0 && (
          <li role="presentation" className="px-2.5 py-2 text-sm text-slate-500">
            {options.length === 0 ? t('settings.address.nothing') : t('settings.address.noMatch', { query: query?.trim() ?? '' })}
          </li>
        )}
      </ul>
    </div>
  );
});
