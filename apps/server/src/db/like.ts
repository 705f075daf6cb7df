/** A text matched literally by SQL's LIKE: its `\`, `%` and `_` escaped (used with `ESCAPE '\'`). */
export const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
