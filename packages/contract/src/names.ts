/**
 * A person's name as both sides show it. No zod and no schema, as the `*-rules.ts` modules: the
 * web's first load uses it, and the server joins names in its answers and e-mails the same way.
 */

/**
 * First, middle and last name joined by single spaces. A missing part (null, as a left join's
 * missing person gives, empty or blank) is left out, so a missing middle name leaves no gap.
 */
export function fullName(person: { f_name: string | null; m_name?: string | null; l_name: string | null }): string {
  return [person.f_name, person.m_name, person.l_name]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
}
