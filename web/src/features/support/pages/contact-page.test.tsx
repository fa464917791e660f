import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/test-utils';

const guest = { 'GET /api/auth/user': () => json(401, { message: 'Unauthorized' }) };

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function errorOf(label: string): string | null {
  const id = screen.getByLabelText(label).getAttribute('aria-describedby')?.split(' ')[0];
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

async function openForm() {
  renderRoute('/contact');
  await screen.findByRole('heading', { name: 'Contact Us' });
}

function fillValidMessage() {
  fill('Name', 'Ada Lovelace');
  fill('Email', 'ada@example.com');
  fill('Subject', 'A brand to add');
  fill('Category', 'brand-submission');
  fill('Message', 'Please add Maison Rose, they make lovely linen.');
}

describe('/contact', () => {
  it('shows the support address and offers the six categories, General Inquiry first', async () => {
    stubFetch(guest);
    await openForm();
    expect(screen.getByRole('link', { name: 'support@hunted.example' }).getAttribute('href')).toBe(
      'mailto:support@hunted.example',
    );
    const category = screen.getByLabelText('Category') as HTMLSelectElement;
    expect(category.value).toBe('general');
    expect([...category.options].map((option) => option.text)).toEqual([
      'General Inquiry',
      'Brand Submission',
      'Partnership Opportunity',
      'Bug Report',
      'Feature Request',
      'Other',
    ]);
  });

  it("shows the spec's validation messages and sends nothing", async () => {
    const calls = stubFetch(guest);
    await openForm();
    fill('Name', 'A');
    fill('Email', 'ada@example');
    fill('Subject', 'Hi');
    fill('Message', 'Too short');
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText('Name must be at least 2 characters')).toBeTruthy();
    expect(errorOf('Email')).toBe('Please enter a valid email address');
    expect(errorOf('Subject')).toBe('Subject must be at least 5 characters');
    expect(errorOf('Message')).toBe('Message must be at least 10 characters');
    expect(calls.some((call) => call.url === '/api/contact')).toBe(false);
  });

  it('sends the message, says thank you, and returns to an empty form', async () => {
    const calls = stubFetch({ ...guest, 'POST /api/contact': () => json(201, { id: 9 }) });
    await openForm();
    fillValidMessage();
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByRole('heading', { name: 'Thank You!' })).toBeTruthy();
    expect(screen.getByText(/We'll reply to your email within 24 hours/)).toBeTruthy();
    expect(screen.getByText('Message sent successfully!')).toBeTruthy();
    expect(screen.getByText("We'll get back to you as soon as possible.")).toBeTruthy();
    const sent = calls.find((call) => call.url === '/api/contact');
    expect(JSON.parse(String(sent?.init.body))).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      subject: 'A brand to add',
      category: 'brand-submission',
      message: 'Please add Maison Rose, they make lovely linen.',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Send Another Message' }));
    expect(((await screen.findByLabelText('Name')) as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Category') as HTMLSelectElement).value).toBe('general');
  });

  it('has a honeypot people cannot see, reach or autofill, and sends it only when something filled it', async () => {
    const calls = stubFetch({ ...guest, 'POST /api/contact': () => json(201, { id: 10 }) });
    await openForm();
    const honeypot = document.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(honeypot).toBeTruthy();
    expect(honeypot.tabIndex).toBe(-1);
    expect(honeypot.getAttribute('autocomplete')).toBe('off');
    expect(honeypot.closest('[aria-hidden="true"]')).toBeTruthy();
    // Not among the form's accessible fields.
    expect(screen.queryByRole('textbox', { name: 'Website' })).toBeNull();

    fillValidMessage();
    fireEvent.change(honeypot, { target: { value: 'https://spam.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    // Answered like any message: the server drops it quietly.
    expect(await screen.findByRole('heading', { name: 'Thank You!' })).toBeTruthy();
    const sent = calls.find((call) => call.url === '/api/contact');
    expect(JSON.parse(String(sent?.init.body))).toMatchObject({ website: 'https://spam.example' });
  });

  it('keeps the message and names the support address when sending fails', async () => {
    stubFetch({ ...guest, 'POST /api/contact': () => json(500, { message: 'Internal server error' }) });
    await openForm();
    fillValidMessage();
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText('Failed to send message')).toBeTruthy();
    expect(screen.getByText('Please try again or contact us directly at support@hunted.example')).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Ada Lovelace'));
    expect(screen.queryByRole('heading', { name: 'Thank You!' })).toBeNull();
  });

  it("shows the server's field messages beside their fields", async () => {
    stubFetch({
      ...guest,
      'POST /api/contact': () =>
        json(400, {
          statusCode: 400,
          message: 'Invalid input',
          errors: { email: 'Please enter a valid email address' },
        }),
    });
    await openForm();
    fillValidMessage();
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(errorOf('Email')).toBe('Please enter a valid email address'));
  });
});
