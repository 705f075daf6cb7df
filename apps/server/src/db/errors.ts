/** True for a unique-constraint violation on SQLite or PostgreSQL. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string } | null;
  return e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || e?.code === '23505';
}

/** The constraint or column named in a unique violation, lower-cased, for telling which. */
export function violatedName(err: unknown): string {
  const e = err as { message?: string; constraint?: string } | null;
  return (e?.constraint ?? e?.message ?? '').toLowerCase();
}
