import { QueryClient } from '@tanstack/react-query';
import { i18n } from './i18n';

/**
 * The console's one query cache. It lives outside the layout so route loaders and menu prefetches fill
 * the same cache the pages read, and it outlives page changes: going back to a list shows its rows at
 * once while they are re-read. Loaded with the layout, never on the login page.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    // The request layer already shows failures; retrying a refused call would show them again.
    queries: { retry: false, refetchOnWindowFocus: false, gcTime: 30 * 60_000 },
    mutations: { retry: false },
  },
});

/** Dictionaries, stations and other lookups change rarely: every page shares them for this long. */
export const LOOKUP_STALE_MS = 5 * 60_000;

// The server answers its own sentences in the console's language: a switch re-reads what is on screen.
i18n.on('languageChanged', () => void queryClient.invalidateQueries());
