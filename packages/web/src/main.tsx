import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
// Mantine's global and shared styles; each component's own come with the chunk that uses it (mantine-styles.ts).
import 'virtual:mantine-styles';
import '@mantine/notifications/styles.layer.css';
// Carousel, dates and dropzone styles come with the lazily loaded screens that use them.
import './app/global.css';
// Self-hosted fonts: the settings panel's font choice must work without any CDN.
import '@fontsource-variable/open-sans';
import '@fontsource-variable/montserrat';
import '@fontsource-variable/roboto';
import { i18nReady } from './i18n';
import { bootstrapSession } from './lib/session';
import { AppProviders } from './app/providers';
import { router } from './app/router';

// Before the first render, so the stored token is being checked by the time any route asks.
bootstrapSession();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The reader's dictionary (one language, loaded on use) is in place before the first render shows any text.
void i18nReady.finally(() => {
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
