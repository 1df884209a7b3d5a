/**
 * Runs the operator's runtime configuration (public/config.js) and resolves once it has run, or failed
 * to load (the defaults of lib/runtime-config apply then, as with a missing file before). index.html
 * only preloads it: a parser-blocking <script> held the entry's execution until the file was revalidated
 * (a round trip to the server on every full load); fetched from the start of the page and run here, the
 * entry's own evaluation overlaps that round trip, and nothing that reads the configuration (the router's
 * first reads, the first render) starts before it has run.
 */
export function runConfigScript(src = '/config.js', doc: Document = document): Promise<void> {
  return new Promise((resolve) => {
    const script = doc.createElement('script');
    script.src = src;
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => resolve());
    doc.head.append(script);
  });
}
