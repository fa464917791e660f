import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/test-utils';

describe('/faq', () => {
  it('lists ten questions, opens an answer and offers a mail link to support', async () => {
    stubFetch({ 'GET /api/auth/user': () => json(401, { message: 'Unauthorized' }) });
    renderRoute('/faq');
    await screen.findByRole('heading', { level: 1, name: 'Frequently Asked Questions' });
    await waitFor(() => expect(document.title).toBe('Frequently Asked Questions · Hunted'));

    const questions = screen.getAllByRole('button', { expanded: false });
    expect(questions.filter((button) => button.textContent?.endsWith('?'))).toHaveLength(10);

    fireEvent.click(screen.getByRole('button', { name: 'How does voting work?' }));
    expect(screen.getByText(/once per brand every 24 hours/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Do I need an account?' }));
    expect(screen.getByText(/browsing is free/)).toBeTruthy();

    expect(screen.getByRole('link', { name: 'Contact Us' }).getAttribute('href')).toBe('mailto:support@hunted.example');
  });
});
