import { serverReason } from '../../api/client';

/** The screen's message followed by the server's reason, when there is one (one toast says both). */
export function withReason(message: string, error: unknown): string {
  const reason = serverReason(error);
  return reason ? `${message} ${reason}` : message;
}
