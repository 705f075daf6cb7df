import { sql, type NotNull, type RawBuilder } from 'kysely';
import { addDays } from '@ahente/contract/dates';
import type { PolicyStatus } from '@ahente/contract/portfolio';
import { isPolicySql, policyStatusSql } from '../../db/policy-status.ts';
import type { Exec } from '../../db/exec.ts';

/**
 * The threshold a term ending on `column` has reached on `today`: the nearest of `days` (ascending)
 * at or above the days left, as text ('7', '30', '60'). A term with 45 days left is at 60; with 5,
 * at 7. Only meaningful within the largest threshold.
 */
function thresholdSql(column: string, today: string, days: readonly number[]): RawBuilder<string> {
  const steps = days.slice(0, -1).map((d) => sql`when ${sql.ref(column)} <= ${addDays(today, d)} then ${sql.lit(String(d))}`);
  return sql<string>`case ${sql.join(steps, sql` `)} else ${sql.lit(String(days[days.length - 1]))} end`;
}

/** Whether the member was already told with this key (the unique index of notifications' dedupe keys). */
const toldSql = (memberColumn: string, key: RawBuilder<string>) =>
  sql<boolean>`exists (select 1 from notifications n where n.member_id = ${sql.ref(memberColumn)} and n.dedupe_key = ${key})`;

const idText = (column: string) => sql<string>`cast(${sql.ref(column)} as varchar(20))`;

/** The daily job's reads (features/reminders): what is due a reminder today and not yet told. */
export const remindersRepository = {
  /**
   * The policies of active members that need a word today and have not had it: due (the status of
   * db/policy-status.ts, expiring within the largest threshold) at the threshold they have reached,
   * or lapsed (not renewed, expired at most `lapsedWithin` days ago). Each with the dedupe key of its
   * reminder: `policy_due:<saleId>:<threshold>` or `policy_lapsed:<saleId>`.
   */
  policiesToRemind(db: Exec, today: string, days: readonly number[], lapsedWithin: number) {
    const status = policyStatusSql('s', today);
    const key = sql<string>`case when ${sql.ref('s.expiry_date')} < ${today}
      then 'policy_lapsed:' || ${idText('s.id')}
      else 'policy_due:' || ${idText('s.id')} || ':' || ${thresholdSql('s.expiry_date', today, days)} end`;
    // The range on expiry_date leaves out the sales with none, so a row's expiry_date is never null.
    return db
      .selectFrom('sales as s')
      .innerJoin('members as m', 'm.id', 's.member_id')
      .select(['s.id', 's.member_id', 's.customer_name', 's.product', 's.expiry_date', status.as('status'), key.as('dedupe_key')])
      .where('s.expiry_date', '>=', addDays(today, -lapsedWithin))
      .where('s.expiry_date', '<=', addDays(today, days[days.length - 1]!))
      .where(isPolicySql('s'))
      .where('m.deactivated_at', 'is', null)
      .where(status, 'in', ['due', 'lapsed'] satisfies PolicyStatus[])
      .where(sql<boolean>`not ${toldSql('s.member_id', key)}`)
      .orderBy('s.id')
      .$narrowType<{ expiry_date: NotNull }>()
      .execute();
  },

  /**
   * The verified licences of active members expiring within the largest threshold (today
   * included) whose line has no later licence of theirs (verified or waiting for verification: a
   * renewal already sent in), at the threshold they have reached and not yet told:
   * `licence_expiring:<licenceId>:<threshold>`.
   */
  licencesToRemind(db: Exec, today: string, days: readonly number[]) {
    const key = sql<string>`'licence_expiring:' || ${idText('l.id')} || ':' || ${thresholdSql('l.expires_on', today, days)}`;
    return db
      .selectFrom('licenses as l')
      .innerJoin('members as m', 'm.id', 'l.member_id')
      .select(['l.id', 'l.member_id', 'l.line', 'l.expires_on', key.as('dedupe_key')])
      .where('l.status', '=', 'verified')
      .where('l.expires_on', '>=', today)
      .where('l.expires_on', '<=', addDays(today, days[days.length - 1]!))
      .where('m.deactivated_at', 'is', null)
      .where(
        sql<boolean>`not exists (select 1 from licenses later where later.member_id = l.member_id and later.line = l.line
          and later.status <> 'rejected' and (later.expires_on > l.expires_on or (later.expires_on = l.expires_on and later.id > l.id)))`,
      )
      .where(sql<boolean>`not ${toldSql('l.member_id', key)}`)
      .orderBy('l.id')
      .execute();
  },
};
