import { describe, expect, it } from 'vitest';
import { renderShell } from './shell';

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
