import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { createAppRouter, routerReady } from './app/router';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = container;

async function mount() {
  const router = createAppRouter();
  // A page the gateway served already drawn (a static page's text in #root) keeps that text until the router has
  // the page's code: rendering sooner would put the router's spinner in its place for a moment, a flash and a
  // layout shift, and the text is the page's largest paint (issue 37). The page's scripts are preloaded.
  if (root.hasAttribute('data-prerendered')) await routerReady(router);
  // The first render as a transition: React then yields to the browser every few milliseconds instead of holding
  // the main thread for the whole tree, which on a slow phone was the page's longest task (issue 23, total blocking
  // time).
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    );
  });
}

void mount();
