/**
 * The interface's languages (issue 25 §3): no zod, so that the login page's language choice does not
 * pull the schemas into the first load (issue 25 §1). Re-exported by auth.ts.
 */
/** The portal's languages (issue 25 §3): English (the default) and Filipino. */
export const LANGUAGES = ['en', 'fil'] as const;
export type Language = (typeof LANGUAGES)[number];
