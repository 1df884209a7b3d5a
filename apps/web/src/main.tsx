import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers';
import { createRouter } from './app/router';
import { installErrorLog } from './lib/error-log';
import './lib/i18n';
import './app/global.css';

installErrorLog();
const router = createRouter();

createRoot(document.getElementById('app') as HTMLElement).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
