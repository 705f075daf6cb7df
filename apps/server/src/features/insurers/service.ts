import type { Kysely } from 'kysely';
import { hundredthsToPercent, percentToHundredths } from '@ahente/contract/commissions';
import { scheduleAt, todayInManila } from '@ahente/contract/dates';
import type {
  AdminInsurer,
  AdminInsurersResponse,
  InsurerRateRecord,
  InsurerRatesResponse,
  InsurersResponse,
  LinkInsurerName,
  SaveInsurer,
  SaveInsurerResponse,
  SetInsurerRate,
  UnknownInsurerName,
} from '@ahente/contract/insurers';
import { fullName } from '@ahente/contract/names';
import type { Exec } from '../../db/exec.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Database } from '../../db/schema.ts';
import { insurerKey } from '../../lib/insurer-keys.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import type { Auth } from '../../platform/sessions.ts';
import { insurersRepository as repo, type InsurerRateRow } from './repository.ts';

export const INSURER_MESSAGES = {
  notFound: 'Insurer not found',
  taken: (text: string, insurer: string) => `"${text}" is already the name or an alias of ${insurer}`,
  codeTaken: (code: string, insurer: string) => `Code ${code} is already used by ${insurer}`,
  race: 'Another insurer has this name, alias or code: reload and try again',
  tooManyAliases: (insurer: string, max: number) => `${insurer} already has ${max} aliases: remove one first`,
} as const;

/** A name as kept: trimmed, inner spaces collapsed. */
const tidy = (text: string) => text.trim().replace(/\s+/g, ' ');

/**
 * The insurer a sale's insurer text names: the one whose name or an alias equals it, ignoring case
 * and spaces (decision 037); null for an empty text or one that names none (kept as typed, listed
 * on the Admin Panel's Insurers tab to be linked). Runs in the caller's transaction.
 */
export async function resolveInsurer(db: Exec, text: string | null | undefined): Promise<number | null> {
  if (text === null || text === undefined) return null;
  const key = insurerKey(text);
  if (key === '') return null;
  return (await repo.byKey(db, key))?.id ?? null;
}

function toRate(r: InsurerRateRow): InsurerRateRecord {
  return {
    id: r.id,
    insurer_id: r.insurer_id,
    product: r.product,
    rate: hundredthsToPercent(r.rate_hundredths),
    effective_from: r.effective_from,
    created_at: r.created_at,
    created_by_name: r.f_name === null ? null : fullName({ f_name: r.f_name, m_name: r.m_name, l_name: r.l_name ?? '' }),
  };
}

/**
 * Insurers (decision 037): records administrators keep, each sale linked to the insurer its text
 * names. Every save of a name or an alias links the sales whose text has its key, and unlinks those
 * whose text the insurer no longer answers to; the agency's schedule is only added to.
 */
export function createInsurersService(db: Kysely<Database>, options: { now?: () => Date } = {}) {
  const now = () => options.now?.() ?? new Date();

  /** Links the sales whose text has one of the insurer's keys, unlinks its sales whose text has none. */
  async function relink(trx: Exec, insurerId: number, keys: ReadonlySet<string>): Promise<number> {
    const texts = await repo.saleTexts(trx);
    const linked = await repo.linkSales(
      trx,
      insurerId,
      texts.filter((t) => keys.has(insurerKey(t))),
    );
    const stale = (await repo.linkedTexts(trx, insurerId)).filter((t) => !keys.has(insurerKey(t)));
    await repo.unlinkSales(trx, insurerId, stale);
    return linked;
  }

  async function adminInsurer(trx: Exec, id: number): Promise<AdminInsurer> {
    const row = await repo.byId(trx, id);
    if (!row) throw notFound(INSURER_MESSAGES.notFound);
    const aliases = await repo.aliases(trx, [id]);
    const counts = await repo.salesCounts(trx);
    return {
      id: row.id,
      name: row.name,
      code: row.code,
      aliases: aliases.map((a) => a.alias),
      active: row.active === 1,
      sales: counts.get(id) ?? 0,
    };
  }

  /** A unique index's refusal under two simultaneous saves is the same 409 as the checks'. */
  async function inTransaction<T>(work: (trx: Exec) => Promise<T>): Promise<T> {
    try {
      return await db.transaction().execute(work);
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(INSURER_MESSAGES.race);
      throw err;
    }
  }

  return {
    async options(): Promise<InsurersResponse> {
      return { insurers: await repo.activeOptions(db) };
    },

    async adminList(): Promise<AdminInsurersResponse> {
      const [rows, aliases, counts, unlinked] = await Promise.all([
        repo.all(db),
        repo.aliases(db),
        repo.salesCounts(db),
        repo.unlinkedTexts(db),
      ]);
      const insurers = rows.map((r) => ({
        id: r.id,
        name: r.name,
        code: r.code,
        aliases: aliases.filter((a) => a.insurer_id === r.id).map((a) => a.alias),
        active: r.active === 1,
        sales: counts.get(r.id) ?? 0,
      }));
      // One entry per key: its most used spelling (trimmed), the first alphabetically on a tie.
      const byKey = new Map<string, { spellings: Map<string, number>; sales: number }>();
      for (const { insurer, n } of unlinked) {
        const key = insurerKey(insurer);
        if (key === '') continue;
        const group = byKey.get(key) ?? { spellings: new Map<string, number>(), sales: 0 };
        const shown = tidy(insurer);
        group.spellings.set(shown, (group.spellings.get(shown) ?? 0) + Number(n));
        group.sales += Number(n);
        byKey.set(key, group);
      }
      const unknown: UnknownInsurerName[] = [...byKey.values()]
        .map(({ spellings, sales }) => ({
          text: [...spellings].sort(([a, m], [b, n]) => n - m || (a < b ? -1 : a > b ? 1 : 0))[0]![0],
          sales,
        }))
        .sort((a, b) => b.sales - a.sales || a.text.localeCompare(b.text));
      return { insurers, unknown };
    },

    async save(auth: Auth, input: SaveInsurer): Promise<SaveInsurerResponse> {
      const name = tidy(input.name);
      const nameKey = insurerKey(name);
      // The aliases kept: tidied, none repeating the name's key or an earlier alias's.
      const keys = new Set([nameKey]);
      const aliases: { alias: string; alias_key: string }[] = [];
      for (const a of input.aliases) {
        const alias = tidy(a);
        const alias_key = insurerKey(alias);
        if (alias_key === '' || keys.has(alias_key)) continue;
        keys.add(alias_key);
        aliases.push({ alias, alias_key });
      }
      return inTransaction(async (trx) => {
        const id = input.id ?? null;
        if (id !== null && !(await repo.byId(trx, id))) throw notFound(INSURER_MESSAGES.notFound);
        const holders = await repo.holdersOf(trx, [...keys], id);
        if (holders.length > 0) {
          const holder = holders[0]!;
          const text = holder.key === nameKey ? name : aliases.find((a) => a.alias_key === holder.key)!.alias;
          throw conflict(INSURER_MESSAGES.taken(text, holder.name));
        }
        const codeHolder = await repo.byCode(trx, input.code, id);
        if (codeHolder) throw conflict(INSURER_MESSAGES.codeTaken(input.code, codeHolder.name));
        const at = now().toISOString();
        const row = { name, name_key: nameKey, code: input.code, active: input.active ? 1 : 0 };
        let insurerId: number;
        if (id === null) {
          insurerId = (await repo.insert(trx, { ...row, created_at: at, created_by: auth.memberId })).id;
        } else {
          insurerId = id;
          await repo.update(trx, id, { ...row, updated_at: at });
        }
        await repo.replaceAliases(trx, insurerId, aliases);
        const linked = await relink(trx, insurerId, keys);
        return { insurer: await adminInsurer(trx, insurerId), linked_sales: linked };
      });
    },

    /** A sales' insurer text made an alias of the insurer (unless it already names it), and its sales linked. */
    async linkName(input: LinkInsurerName): Promise<SaveInsurerResponse> {
      const text = tidy(input.text);
      const key = insurerKey(text);
      return inTransaction(async (trx) => {
        const insurer = await repo.byId(trx, input.insurer_id);
        if (!insurer) throw notFound(INSURER_MESSAGES.notFound);
        const holder = await repo.byKey(trx, key);
        if (holder && holder.id !== insurer.id) throw conflict(INSURER_MESSAGES.taken(text, holder.name));
        const aliases = await repo.aliases(trx, [insurer.id]);
        if (!holder) {
          if (aliases.length >= 30) throw conflict(INSURER_MESSAGES.tooManyAliases(insurer.name, 30));
          await repo.addAlias(trx, insurer.id, text, key);
        }
        const keys = new Set([insurer.name_key, key, ...aliases.map((a) => a.alias_key)]);
        const linked = await relink(trx, insurer.id, keys);
        return { insurer: await adminInsurer(trx, insurer.id), linked_sales: linked };
      });
    },

    /**
     * A rate of the agency's schedule, from a date: any date, since the schedule prices what the
     * agency expects of a sale on its effective date (a contract signed before the portal is entered
     * as it was); a later rate for the same date supersedes, the history keeps both.
     */
    async setRate(auth: Auth, input: SetInsurerRate): Promise<InsurerRateRecord> {
      return db.transaction().execute(async (trx) => {
        if (!(await repo.byId(trx, input.insurer_id))) throw notFound(INSURER_MESSAGES.notFound);
        const { id } = await repo.insertRate(trx, {
          insurer_id: input.insurer_id,
          product: input.product,
          rate_hundredths: percentToHundredths(input.rate),
          effective_from: input.effective_from,
          created_at: now().toISOString(),
          created_by: auth.memberId,
        });
        return toRate((await repo.rates(trx, input.insurer_id)).find((r) => r.id === id)!);
      });
    },

    async rates(insurerId: number): Promise<InsurerRatesResponse> {
      if (!(await repo.byId(db, insurerId))) throw notFound(INSURER_MESSAGES.notFound);
      const today = todayInManila(now());
      const history = (await repo.rates(db, insurerId)).map(toRate);
      const products = [...new Set(history.map((r) => r.product))].sort();
      const current = products.map((product) => {
        // scheduleAt reads newest effective date first, then newest set.
        const mine = history
          .filter((r) => r.product === product)
          .sort((a, b) => (a.effective_from === b.effective_from ? b.id - a.id : a.effective_from < b.effective_from ? 1 : -1));
        const rate = scheduleAt(mine, today).current;
        return { product, rate: rate?.rate ?? null, effective_from: rate?.effective_from ?? null };
      });
      return { insurer_id: insurerId, as_of: today, current, history };
    },
  };
}

export type InsurersService = ReturnType<typeof createInsurersService>;
