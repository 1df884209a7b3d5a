import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { runConfigScript } from './app/config-script';
import { Providers, STYLE_CACHE } from './app/providers';
import { createRouter } from './app/router';
import { installErrorLog } from './lib/error-log';
import { languageReady } from './lib/i18n';
import './app/global.css';

// The server's CSP forbids eval: zod must not even probe for it (the probe is reported as a violation).
// zod keeps its settings in globalThis.__zod_globalConfig (shared by every copy of it); setting the flag
// there, merged into whatever zod already made, is z.config({ jitless: true }) without putting zod's
// core on the login page.
const zodHolder = globalThis as typeof globalThis & { __zod_globalConfig?: Record<string, unknown> };
zodHolder.__zod_globalConfig = Object.assign(zodHolder.__zod_globalConfig ?? {}, { jitless: true });
installErrorLog();
// The router starts the page's first reads as it is made: after the runtime configuration has run.
const routerReady = runConfigScript().then(() => createRouter());
// antd's styles kept by the last load of this build, put back before the first render. Loaded beside the
// language (not with the entry): the sign-in page's own code stays within its budget.
const keptStyles = import('./app/kept-styles').then(({ keepStylesAcrossLoads, restoreKeptStyles }) => {
  // The entry's URL names the build (its hash changes with any of the code it imports, antd's included).
  keepStylesAcrossLoads(STYLE_CACHE, import.meta.url, restoreKeptStyles(import.meta.url));
});

// A user who chose Chinese or Spanish sees the console in it from the first frame.
void Promise.all([routerReady, languageReady, keptStyles.catch(() => undefined)]).then(([router]) =>
  createRoot(document.getElementById('app') as HTMLElement).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  ),
);
