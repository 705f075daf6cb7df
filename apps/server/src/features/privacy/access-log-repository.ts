import { sql, type Kysely } from 'kysely';
import type { AccessKind } from '@ahente/contract/privacy';
import type { Database } from '../../db/schema.ts';

/** An entry with the reader's and the owner's names. */
export interface AccessLogRow {
  id: number;
  at: string;
  what: string;
  detail: string | null;
  ip: string | null;
  actor_id: number;
  actor_f_name: string | null;
  actor_m_name: string | null;
  actor_l_name: string | null;
  subject_id: number;
  subject_f_name: string | null;
  subject_m_name: string | null;
  subject_l_name: string | null;
}

/** The admin's filters: a member as part of a name (search_name) or an id; a kind; instants, `at >= from` and `at < before`. */
export interface AccessLogFilters {
  actor: string | null;
  subject: string | null;
  what: AccessKind | undefined;
  from: string | null;
  before: string | null;
}

const searchKey = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();
/** A LIKE pattern that finds `text` anywhere in a search name, its `%`, `_` and `\` taken literally (ESCAPE '\'). */
const containsPattern = (text: string) => `%${searchKey(text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Entries newest first: by id, which grows with time (`at` is written at insert). */
function selectEntries(db: Kysely<Database>) {
  return db
    .selectFrom('access_log as l')
    .leftJoin('members as a', 'a.id', 'l.actor_id')
    .leftJoin('members as s', 's.id', 'l.subject_id')
    .select([
      'l.id',
      'l.at',
      'l.what',
      'l.detail',
      'l.ip',
      'l.actor_id',
      'a.f_name as actor_f_name',
      'a.m_name as actor_m_name',
      'a.l_name as actor_l_name',
      'l.subject_id',
      's.f_name as subject_f_name',
      's.m_name as subject_m_name',
      's.l_name as subject_l_name',
    ]);
}

export const accessLogRepository = {
  async ofSubject(
    db: Kysely<Database>,
    subjectId: number,
    limit: number,
    offset: number,
  ): Promise<{ total: number; rows: AccessLogRow[] }> {
    const count = await db
      .selectFrom('access_log')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('subject_id', '=', subjectId)
      .executeTakeFirstOrThrow();
    const rows = await selectEntries(db)
      .where('l.subject_id', '=', subjectId)
      .orderBy('l.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return { total: Number(count.n), rows };
  },

  async search(db: Kysely<Database>, f: AccessLogFilters, limit: number, offset: number): Promise<{ total: number; rows: AccessLogRow[] }> {
    const where = (q: ReturnType<typeof selectEntries>) =>
      q
        .$if(f.actor !== null, (b) => b.where('l.actor_id', 'in', memberIds(db, f.actor!)))
        .$if(f.subject !== null, (b) => b.where('l.subject_id', 'in', memberIds(db, f.subject!)))
        .$if(f.what !== undefined, (b) => b.where('l.what', '=', f.what!))
        .$if(f.from !== null, (b) => b.where('l.at', '>=', f.from!))
        .$if(f.before !== null, (b) => b.where('l.at', '<', f.before!));
    const count = await where(selectEntries(db))
      .clearSelect()
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    const rows = await where(selectEntries(db)).orderBy('l.id', 'desc').limit(limit).offset(offset).execute();
    return { total: Number(count.n), rows };
  },

  /** Retention: entries written before `before`, in one statement (access_log_at_idx); the trigger guards updates only. */
  async purgeBefore(db: Kysely<Database>, before: string): Promise<number> {
    const res = await db.deleteFrom('access_log').where('at', '<', before).executeTakeFirst();
    return Number(res.numDeletedRows);
  },
};

/** The ids of the members a filter names: its digits as an id, or part of their name. */
function memberIds(db: Kysely<Database>, text: string) {
  const q = db.selectFrom('members').select('id');
  if (/^\d{1,9}$/.test(text.trim())) return q.where('id', '=', Number(text.trim()));
  return q.where(sql<boolean>`search_name like ${containsPattern(text)} escape '\\'`);
}
