import { Search } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { fullName } from '@ahente/contract/names';
import { type NameParts } from '../lib/names';
import { Field } from './field';
import { Input } from './input';
import { Select } from './select';
import { nameWithId } from '@ahente/contract/labels';

/** Typing pauses this long before the members are searched. */
const SEARCH_DELAY_MS = 300;

/** A member a name search found. */
export interface MemberMatch extends NameParts {
  id: number;
}

/** The name search's state, as a query hook gives it (the admin's member search). */
export interface MemberMatches {
  data?: { rows: readonly MemberMatch[] };
  isPending: boolean;
  isError: boolean;
}

interface MemberSelectProps {
  /** The Member select's form field (react-hook-form's useController field): the member's id as text. */
  field: {
    name: string;
    value: string;
    onChange: (value: string) => void;
    onBlur: () => void;
    ref: (element: HTMLSelectElement | null) => void;
  };
  error?: string;
  disabled: boolean;
  /** What the search typed found. */
  matches: MemberMatches;
  /** The text to search, once typing pauses. */
  onSearch: (q: string) => void;
  /** The member chosen, and their name (for the caller's toast). */
  onChosen: (value: string, name: string) => void;
}

/**
 * Choosing a member (admins' forms): a name search, sent after a pause in typing, fills the Member
 * select with its matches. The chosen member stays in the select while the search changes.
 */
export function MemberSelect({ field, error, disabled, matches, onSearch, onChosen }: MemberSelectProps) {
  const { name, value, onChange, onBlur, ref } = field;
  const [text, setText] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => onSearch(text.trim()), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text, onSearch]);
  const [chosen, setChosen] = useState<{ value: string; name: string; label: string } | null>(null);

  const options = useMemo(() => {
    const found = (matches.data?.rows ?? []).map((m) => ({ value: String(m.id), name: fullName(m), label: nameWithId(fullName(m), m.id) }));
    if (chosen && value === chosen.value && !found.some((o) => o.value === chosen.value)) found.unshift(chosen);
    return found;
  }, [matches.data, chosen, value]);

  const placeholder = matches.isPending
    ? 'Loading members…'
    : matches.isError
      ? 'The members could not be loaded'
      : options.length === 0
        ? 'No member has that name'
        : 'Select a member';

  return (
    <div className="grid items-start gap-4 sm:grid-cols-2">
      <Field label="Find member" hint="Part of a first, middle or last name">
        <Input
          type="search"
          leading={<Search />}
          value={text}
          autoComplete="off"
          onChange={(e) => setText(e.target.value)}
          disabled={disabled}
        />
      </Field>
      <Field label="Member" error={error}>
        <Select
          ref={(element: HTMLSelectElement | null) => ref(element)}
          name={name}
          value={value}
          placeholder={placeholder}
          options={options}
          disabled={disabled}
          onBlur={onBlur}
          onChange={(e) => {
            const option = options.find((o) => o.value === e.target.value);
            setChosen(option ?? null);
            if (option) onChosen(option.value, option.name);
            onChange(e.target.value);
          }}
        />
      </Field>
    </div>
  );
}
