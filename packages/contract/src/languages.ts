/**
 * The interface's languages (decision 030): no zod, so that the login page's language choice does
 * not pull the schemas into the first load (decision 014). Re-exported by auth.ts.
 */
/** The portal's languages (decision 030): English (the default) and Filipino. */
export const LANGUAGES = ['en', 'fil'] as const;
export type Language = (typeof LANGUAGES)[number];
