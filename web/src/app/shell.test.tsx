import { act, screen } from '@testing-library/react';
import { PAGE_PATHS, SITE_SETTINGS_ELEMENT_ID, SITE_SETTINGS_PLACEHOLDERS, type PageName, type SiteSettings } from '@hunted/contracts';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { signedOut } from '@/testing/data-generators';
import { stubFetch } from '@/testing/fetch-stub';
import { App } from '.';
import { createAppRouter, routerReady } from './router';
import { renderShell, renderStaticPages } from './shell';

const SITE: SiteSettings = { operator: { name: 'Hunted Test Ltd', address: '1 Test Street, London', email: 'hello@hunted.test' } };

/** The page as the gateway serves it (page-document.ts): the operator written in, the settings beside #root. */
function serve(html: string): HTMLElement {
  let filled = html;
  for (const key of ['name', 'address', 'email'] as const) {
    filled = filled.replaceAll(SITE_SETTINGS_PLACEHOLDERS.operator[key], SITE.operator[key]);
  }
  const settings = document.createElement('script');
  settings.type = 'application/json';
  settings.id = SITE_SETTINGS_ELEMENT_ID;
  settings.textContent = JSON.stringify(SITE);
  const root = document.createElement('div');
  root.id = 'root';
  root.setAttribute('data-prerendered', '');
  root.innerHTML = filled;
  document.body.append(settings, root);
  return root;
}

afterEach(() => {
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

describe('the app shell the build writes into index.html', () => {
  it("is the router's first frame: the header still asking who is signed in, a spinner and the footer", () => {
    const html = renderShell();
    expect(html).toContain('Discover Independent Brands');
    expect(html).toContain('href="/today"');
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Loading\.\.\.<\/button>/);
    expect(html).toContain('role="status"');
    expect(html).toContain('<footer');
    // Nothing that depends on who is signed in, and no page of its own.
    expect(html).not.toContain('Sign In');
    expect(html).not.toContain('<h1');
  });
});

describe('the static pages the build draws', () => {
  it('draws each legal page whole, with the header still asking who is signed in', async () => {
    const pages = await renderStaticPages();
    expect(Object.keys(pages)).toEqual(['terms', 'hunterTerms', 'privacy', 'cookies']);
    expect(pages.terms).toMatch(/<h1[^>]*>Terms of Service<\/h1>/);
    expect(pages.terms).toContain(SITE_SETTINGS_PLACEHOLDERS.operator.name);
    expect(pages.terms).toMatch(/<button[^>]*disabled=""[^>]*>Loading\.\.\.<\/button>/);
  });

  // The browser hydrates the drawing (main.tsx): a mismatch would make React draw the page again, and the text a
  // reader already sees would count as a second, later largest paint (issue 37).
  it.each(['terms', 'hunterTerms', 'privacy', 'cookies'] as const satisfies readonly PageName[])(
    '%s hydrates as served, keeping the elements already drawn',
    async (name) => {
      stubFetch({ ...signedOut });
      const html = (await renderStaticPages())[name]!;
      window.history.replaceState(null, '', PAGE_PATHS[name]);
      const root = serve(html);
      const heading = root.querySelector('h1')!;
      const router = createAppRouter();
      await routerReady(router);
      const mismatches: unknown[] = [];
      const app = hydrateRoot(
        root,
        <StrictMode>
          <App router={router} />
        </StrictMode>,
        { onRecoverableError: (error) => mismatches.push(error) },
      );
      await act(async () => {});
      expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
      expect(mismatches).toEqual([]);
      expect(root.querySelector('h1')).toBe(heading);
      expect(root.textContent).toContain(SITE.operator.name);
      act(() => app.unmount());
    },
  );
});
