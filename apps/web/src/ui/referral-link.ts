import { MSG } from '@ahente/contract/messages';
import { toast } from './toast';
import { copyText } from '../lib/clipboard';

/** The registration page with the code as ?ref=. */
export function referralLink(code: string): string {
  return `${window.location.origin}/register?ref=${encodeURIComponent(code)}`;
}

/** Copies the referral link and confirms with 'Referral link copied to clipboard!'. */
export async function copyReferralLink(code: string): Promise<void> {
  const link = referralLink(code);
  try {
    await copyText(link);
    toast.success(MSG.referralCopied);
  } catch {
    toast.error(`Could not copy automatically. Your referral link: ${link}`);
  }
}
