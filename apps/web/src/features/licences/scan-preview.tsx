import { Download, FileText, RotateCw } from 'lucide-react';
import { useCallback } from 'react';
import { serverReason } from '../../api/client';
import { useDownloadLicenceScan, useLicenceScan } from './api';
import { Button } from '../../ui/button';
import { Skeleton } from '../../ui/skeleton';
import { toast } from '../../ui/toast';

/**
 * Shows a blob in an <img> through an object URL (img-src allows blob:), made when the image is
 * attached and revoked when it is detached or the blob changes (a React 19 ref cleanup).
 */
function useBlobImage(blob: Blob | undefined) {
  return useCallback(
    (img: HTMLImageElement | null) => {
      if (!img || !blob) return;
      const url = URL.createObjectURL(blob);
      img.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [blob],
  );
}

/**
 * A licence's scan on the Compliance page: an image is shown (fetched with the session, shown from
 * a blob: URL), a PDF is offered as a download (the CSP frames nothing and forbids <object>).
 */
export function ScanPreview({ licenseId, hasScan, label }: { licenseId: number; hasScan: boolean; label: string }) {
  const scan = useLicenceScan(licenseId, hasScan);
  const imageRef = useBlobImage(scan.data);
  const download = useDownloadLicenceScan();

  if (!hasScan) {
    return (
      <div className="flex min-h-24 items-center justify-center rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500">
        No scan was sent with this licence.
      </div>
    );
  }
  if (scan.isError) {
    return (
      <div className="flex flex-col items-start gap-2 rounded-lg bg-slate-50 px-4 py-3 text-sm ring-1 ring-slate-900/5 ring-inset">
        <p className="font-medium text-slate-700">The scan could not be loaded.</p>
        <Button variant="outline" size="sm" onClick={() => void scan.refetch()} loading={scan.isFetching}>
          {!scan.isFetching && <RotateCw aria-hidden="true" />}
          Try again
        </Button>
      </div>
    );
  }
  if (scan.isPending) {
    return (
      <>
        <Skeleton className="h-48 w-full" />
        <span className="sr-only" role="status">
          Loading the scan…
        </span>
      </>
    );
  }

  const downloadButton = (
    <Button
      variant="outline"
      size="sm"
      loading={download.isPending}
      onClick={() =>
        !download.isPending &&
        download.mutate(licenseId, {
          onError: (error) => {
            const reason = serverReason(error);
            toast.error(reason ? `Failed to download the scan: ${reason}` : 'Failed to download the scan. Please try again.');
          },
        })
      }
    >
      {!download.isPending && <Download aria-hidden="true" />}
      Download scan<span className="sr-only">{` of ${label}`}</span>
    </Button>
  );

  if (scan.data?.type.startsWith('image/')) {
    return (
      <div className="flex flex-col items-start gap-2">
        <img
          ref={imageRef}
          alt={`Scan of ${label}`}
          className="max-h-72 w-full rounded-lg border border-slate-200 bg-slate-50 object-contain"
        />
        {downloadButton}
      </div>
    );
  }
  return (
    <div className="flex flex-col items-start gap-3 rounded-lg border border-slate-200 bg-slate-50 px-4 py-4">
      <p className="flex items-center gap-2 text-sm text-slate-700">
        <FileText aria-hidden="true" className="size-5 text-slate-500" />A PDF scan is on file.
      </p>
      {downloadButton}
    </div>
  );
}
