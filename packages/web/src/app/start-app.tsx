import { StrictMode, type ComponentType, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, type createBrowserRouter } from 'react-router';
// Mantine's global and shared styles; each component's own come with the chunk that uses it (mantine-styles.ts).
import 'virtual:mantine-styles';
import '@mantine/notifications/styles.layer.css';
// Carousel, dates and dropzone styles come with the lazily loaded screens that use them.
import './global.css';
// Self-hosted fonts: the settings panel's font choice must work without any CDN.
import '@fontsource-variable/open-sans';
import '@fontsource-variable/montserrat';
import '@fontsource-variable/roboto';
import { i18nReady } from '../i18n';
import { bootstrapSession } from '../lib/session';
import { AppProviders } from './providers';

/**
 * What both entries (main.tsx, public-main.tsx) do: check the stored session, load the dictionary, render.
 * `Inner` wraps the router inside the shared providers (the back office's own providers).
 */
export function startApp(createRouter: () => ReturnType<typeof createBrowserRouter>, Inner?: ComponentType<{ children: ReactNode }>): void {
  // Before the first render, so the stored token is being checked by the time any route asks.
  bootstrapSession();
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  const router = createRouter();
  // The reader's dictionary (one language, loaded on use) is in place before the first render shows any text.
  void i18nReady.finally(() => {
    createRoot(root).render(
      <StrictMode>
        <AppProviders>{Inner ? <Inner><RouterProvider router={router} /></Inner> : <RouterProvider router={router} />}</AppProviders>
      </StrictMode>,
    );
  });
}
