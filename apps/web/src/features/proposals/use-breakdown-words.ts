import { useLanguage } from '../../i18n';
import './i18n';
import type { BreakdownWords } from './breakdown-table';

/** The breakdown's words in the member's language, for option `n`. */
export function useBreakdownWords(n: number): BreakdownWords {
  const { t } = useLanguage();
  return {
    caption: t('proposals.breakdown.caption', { n }),
    basicPremium: t('proposals.breakdown.basicPremium'),
    dst: t('proposals.breakdown.dst'),
    vat: t('proposals.breakdown.vat'),
    lgt: t('proposals.breakdown.lgt'),
    fst: t('proposals.breakdown.fst'),
    fees: t('proposals.breakdown.fees'),
    amountDue: t('proposals.breakdown.amountDue'),
  };
}
