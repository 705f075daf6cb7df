import { useCallback, useRef, useState } from 'react';
import type { Material } from '@ahente/contract/materials';
import './i18n';
import { i18n } from '../../i18n';
import { downloadMaterial } from './api';
import { toast } from '../../ui/toast';

/**
 * Downloads a material under its original name and says how it went ('File Downloaded' or
 * 'Download failed'). Tracks which materials are downloading, so each button can show it is
 * busy and a double click does not fetch the file twice.
 */
export function useMaterialDownload() {
  const running = useRef(new Set<number>());
  const [busy, setBusy] = useState<ReadonlySet<number>>(() => new Set());

  const download = useCallback(async (material: Material) => {
    if (running.current.has(material.id)) return;
    running.current.add(material.id);
    setBusy(new Set(running.current));
    try {
      await downloadMaterial(material);
      toast.success(i18n.t('materials.fileDownloaded'));
    } catch {
      toast.error(i18n.t('materials.downloadFailed'));
    } finally {
      running.current.delete(material.id);
      setBusy(new Set(running.current));
    }
  }, []);

  return { download, isDownloading: (id: number) => busy.has(id) };
}
