import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app';
import { createAppRouter, routerReady } from './app/router';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = container;

async function mount() {
  const router = createAppRouter();
  const app = (
    <StrictMode>
      <App router={router} />
    </StrictMode>
  );
  // A page the gateway served already drawn (a static page, drawn from the app at build time: app/shell.tsx) is
  // hydrated once the router has the page's code: React keeps the elements the reader already sees instead of
  // drawing them again, so the text painted first stays the page's largest paint (issue 37; drawn again, the same
  // text counted as a second, later one). Should the drawing ever differ from the app, React draws the page itself.
  if (root.hasAttribute('data-prerendered')) {
    await routerReady(router);
    startTransition(() => {
      hydrateRoot(root, app);
    });
    return;
  }
  // The first render as a transition: React then yields to the browser every few milliseconds instead of holding
  // the main thread for the whole tree, which on a slow phone was the page's longest task (issue 23, total blocking
  // time).
  startTransition(() => {
    createRoot(root).render(app);
  });
}

void mount();
