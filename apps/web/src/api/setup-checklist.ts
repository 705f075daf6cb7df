import { useQuery } from '@tanstack/react-query';
import { call } from './client';

/**
 * A new member's first steps (issue 43 §3): POST /api/setupchecklist { id }, each item's state
 * decided on the server. Asked again whenever the dashboard opens a few seconds after the last
 * answer: what it reads is saved on other screens (Settings' tabs, the photo dialog, an admin's
 * verification elsewhere). Started before the first render on / (first-calls.ts), so that it
 * usually comes with the cards rather than after them.
 */
export const setupChecklistKey = (id: number) => ['setup-checklist', id] as const;

export const setupChecklistQuery = (id: number) => ({
  queryKey: setupChecklistKey(id),
  queryFn: () => call('setupChecklist', { body: { id } }),
  staleTime: 5_000,
});

export function useSetupChecklist(id: number | null | undefined, enabled = true) {
  return useQuery({ ...setupChecklistQuery(id ?? 0), enabled: enabled && typeof id === 'number' });
}
