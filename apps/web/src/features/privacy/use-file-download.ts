import { useCallback, useRef, useState } from 'react';
import { serverReason } from '../../api/client';
import { useLanguage } from '../../i18n';
import './i18n';
import { toast } from '../../ui/toast';

/**
 * Runs one download at a time (a double click fetches once) and says how it went: 'File
 * Downloaded', or 'Download failed' with the server's reason (MSG's, in the reader's language).
 * `busy` drives the button's spinner.
 */
export function useFileDownload() {
  const { t } = useLanguage();
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async (fetchFile: () => Promise<unknown>) => {
      if (running.current) return;
      running.current = true;
      setBusy(true);
      try {
        await fetchFile();
        toast.success(t('privacy.download.done'));
      } catch (error) {
        const reason = serverReason(error);
        const failed = t('privacy.download.failed');
        toast.error(reason ? `${failed}: ${reason}` : failed);
      } finally {
        running.current = false;
        setBusy(false);
      }
    },
    [t],
  );
  return { busy, run };
}
