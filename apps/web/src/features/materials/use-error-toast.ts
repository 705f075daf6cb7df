import { useEffect, useRef } from 'react';
import { toast } from '../../ui/toast';

/**
 * Shows `message` as an error toast once each time a query fails (keyed on its error time), not
 * again on every render.
 */
export function useErrorToast(isError: boolean, errorUpdatedAt: number, message: string) {
  const shown = useRef(0);
  useEffect(() => {
    if (isError && errorUpdatedAt !== shown.current) {
      shown.current = errorUpdatedAt;
      toast.error(message);
    }
  }, [isError, errorUpdatedAt, message]);
}
