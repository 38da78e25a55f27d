/**
 * Browser entry: reads the boot data the server embedded, hydrates the same document, then wires
 * the navigation layer (link interception, Back/Forward) and the background runtime.
 */
import { hydrateRoot } from 'react-dom/client';
import { guardAtHydration } from '../core/router/hydration-guard.ts';
import { BOOT_DATA_ID, type BootData } from '../ui/boot-data.ts';
import { captureStaticIslands } from '../ui/static-island.tsx';
import { loadPageParts } from '../ui/templates/index.ts';
import { loadChunk } from './chunk-reload.ts';
import { startRuntime } from './start-runtime.ts';
import { Root } from './Root.tsx';

function readBootData(): BootData {
  const element = document.getElementById(BOOT_DATA_ID);
  if (!element?.textContent) throw new Error('boot data missing');
  return JSON.parse(element.textContent) as BootData;
}

/**
 * The page's CSP nonce, which the server put on the boot-data element, so the client renders the
 * same `nonce` attributes it hydrates. Read from the property: the browser blanks the attribute.
 */
function readNonce(): string | undefined {
  return document.getElementById(BOOT_DATA_ID)?.nonce || undefined;
}

/** Hydrates the document the server sent, once the chunk of its template is in. */
async function mount(): Promise<void> {
  const boot = readBootData();
  // A template with a chunk of its own (the playground, privacy choices) is loaded before the
  // runtime starts and React hydrates (ui/lazy-part.tsx), so React hydrates the very markup the
  // server rendered with it, and no navigation can change the page meanwhile. Should it fail to
  // load (and the reload guard refuse), hydration goes on: the part's Suspense boundary keeps the
  // server's markup. Every other page goes on at once.
  const parts = loadPageParts(boot.payload);
  if (parts) await loadChunk(() => parts, location.href).catch((error: unknown) => console.error('Page chunk failed to load', error));
  const { navigator, runtime, afterHydration } = startRuntime(boot);
  // Static islands keep the server's HTML instead of being hydrated: fewer nodes for React to walk.
  captureStaticIslands(document);
  hydrateRoot(document, <Root navigator={navigator} assets={boot.assets} runtime={runtime} nonce={readNonce()} onHydrated={afterHydration} />, {
    onRecoverableError: (error) => console.error('Recoverable hydration error', error),
  });
  // Hydrate what the server sent first, then show the 404 if a guard refuses in the browser.
  const guarded = guardAtHydration(boot.payload, Object.fromEntries(new URLSearchParams(location.search)));
  if (guarded !== boot.payload) navigator.show(guarded);
}

mount().catch((error: unknown) => {
  console.error('Error while mounting app', error);
  throw error;
});
