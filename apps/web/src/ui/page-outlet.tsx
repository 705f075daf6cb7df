import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Spinner } from './spinner';

/**
 * A layout's child route: while its screen's chunk loads, a spinner stands in for it and
 * everything around it (sidebar, header, sub-navigation, tabs) stays.
 */
export function PageOutlet() {
  return (
    <Suspense
      fallback={
        <div className="flex justify-center py-16">
          <Spinner label="Loading…" />
        </div>
      }
    >
      <Outlet />
    </Suspense>
  );
}
