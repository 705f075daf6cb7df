import { errorResponse } from '@ahente/contract/common';
import { isApiError } from '../../api/client';

/**
 * The server's reason for a refusal, to show after the screen's own words: the readable `error` of
 * a 4xx answer (409 "already saved", 413 too large, 415 wrong type, 400 a rule). A 5xx, a network
 * failure or an unexpected answer has none worth showing.
 */
export function serverReason(error: unknown): string | undefined {
  return isApiError(error) && error.status < 500 ? error.error : undefined;
}

/** The screen's message followed by the server's reason, when there is one (one toast says both). */
export function withReason(message: string, error: unknown): string {
  const reason = serverReason(error);
  return reason ? `${message} ${reason}` : message;
}

/** The field errors of a 400 answer (`details: [{ path, message }]`) that name one of `names`. */
export function serverFieldErrors<Name extends string>(error: unknown, names: readonly Name[]): [Name, string][] {
  if (!isApiError(error, 400)) return [];
  const details = errorResponse.safeParse(error.body).data?.details ?? [];
  return details.flatMap(({ path, message }): [Name, string][] => {
    const key = path.split('.').pop() ?? '';
    return (names as readonly string[]).includes(key) ? [[key as Name, message]] : [];
  });
}
