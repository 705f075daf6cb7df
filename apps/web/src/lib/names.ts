import { fullName } from '@ahente/contract/names';

/** A person's name parts as the API gives them (a member, the *_details objects). */
export interface NameParts {
  f_name: string;
  m_name?: string | null;
  l_name: string;
}

/** Lower case, spaces collapsed: the form both sides of a name search are compared in. */
function normalise(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLocaleLowerCase();
}

/**
 * The name search: case-insensitive, on the full name (first, middle and last joined). An empty
 * query matches everyone.
 */
export function matchesName(person: NameParts, query: string): boolean {
  const q = normalise(query);
  return q === '' || normalise(fullName(person)).includes(q);
}
