import { todayInManila } from '@ahente/contract/dates';
import { certificationGaps } from '@ahente/contract/settings-rules';
import { SETUP_ITEMS, type SetupChecklistItem, type SetupChecklistResponse, type SetupState } from '@ahente/contract/setup-checklist';
import { notFound } from '../../platform/errors.ts';
import type { LicencesService } from '../licences/service.ts';
import type { ProfileService } from '../members/profile-service.ts';
import type { SettingsService } from '../settings/service.ts';

/**
 * A new member's first steps (decision 018): one answer for the dashboard's checklist, each item's
 * state decided here once, from the services that own what is on file (no SQL of its own).
 * Licences: the licences service's rule (the hold's). Certification: the former reminder's
 * `certificationGaps`. Bank details, TIN and photo: saved or not.
 */
export function createSetupChecklistService(deps: {
  members: Pick<ProfileService, 'findById'>;
  settings: Pick<SettingsService, 'banks' | 'certifications'>;
  licences: Pick<LicencesService, 'setupState'>;
  now?: () => Date;
}) {
  const now = () => deps.now?.() ?? new Date();
  const saved = (yes: boolean): SetupState => (yes ? 'done' : 'todo');

  return {
    async checklist(memberId: number): Promise<SetupChecklistResponse> {
      const member = await deps.members.findById(memberId);
      if (!member || member.deactivated_at !== null) throw notFound('Member not found');
      const today = todayInManila(now());
      const [licence, banks, certifications] = await Promise.all([
        deps.licences.setupState(memberId, today),
        deps.settings.banks(memberId),
        deps.settings.certifications(memberId),
      ]);
      const gaps = certificationGaps(certifications);
      const certificationMissing: SetupChecklistItem['gaps'] = gaps.none
        ? ['none']
        : [...(gaps.codingDates ? (['coding_dates'] as const) : []), ...(gaps.tlc ? (['tlc'] as const) : [])];
      const byItem: Record<(typeof SETUP_ITEMS)[number], Omit<SetupChecklistItem, 'item'>> = {
        licence: { state: licence.state, lines: licence.lines, gaps: [] },
        bank: { state: saved(banks.length > 0), lines: [], gaps: [] },
        tin: { state: saved(member.tin !== null), lines: [], gaps: [] },
        certification: { state: saved(certificationMissing.length === 0), lines: [], gaps: certificationMissing },
        photo: { state: saved(member.photo !== null), lines: [], gaps: [] },
      };
      const items = SETUP_ITEMS.map((item) => ({ item, ...byItem[item] }));
      return { items, done: items.every((i) => i.state === 'done'), as_of: today };
    },
  };
}

export type SetupChecklistService = ReturnType<typeof createSetupChecklistService>;
