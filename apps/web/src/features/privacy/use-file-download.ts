import { useCallback, useRef, useState } from 'react';
import { MSG } from '@ahente/contract/messages';
import { serverReason } from '../../api/client';
import { toast } from '../../ui/toast';

/**
 * Runs one download at a time (a double click fetches once) and says how it went: 'File
 * Downloaded', or 'Download failed' with the server's reason. `busy` drives the button's spinner.
 */
export function useFileDownload() {
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const run = useCallback(async (fetchFile: () => Promise<unknown>) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await fetchFile();
      toast.success(MSG.fileDownloaded);
    } catch (error) {
      const reason = serverReason(error);
      toast.error(reason ? `${MSG.downloadFailed}: ${reason}` : MSG.downloadFailed);
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);
  return { busy, run };
}
