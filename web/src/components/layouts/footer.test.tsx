import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { Footer } from './footer';

describe('the footer', () => {
  it('links the four legal pages under Legal', () => {
    renderWithProviders(
      <MemoryRouter>
        <Footer />
      </MemoryRouter>,
    );
    const legal = screen.getByRole('navigation', { name: 'Legal' });
    expect(
      within(legal)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Terms', '/terms'],
      ['Hunter terms', '/hunter-terms'],
      ['Privacy', '/privacy'],
      ['Cookies', '/cookies'],
    ]);
  });
});
