import './lib/zod-jitless';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createQueryClient } from './api/query-client';
import { preloadScreens, router } from './app/router';
import { PersistedQueryProvider } from './features/offline/query-persistence';
import { registerServiceWorker } from './features/offline/register-service-worker';
import { Toaster } from './ui/toast';

const queryClient = createQueryClient();
preloadScreens(window.location.pathname);
registerServiceWorker();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <PersistedQueryProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </PersistedQueryProvider>
  </StrictMode>,
);
