import { DEFAULT_SESSION_TYPES, EMPTY_JOINING_DETAILS, JOINING_MESSAGES, type SessionTypes } from '@hunted/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '@/testing/fetch-stub';
import { renderWithProviders } from '@/testing/test-utils';
import { JoiningDetailsForm } from './joining-details-form';

const allOffered: SessionTypes = { ...DEFAULT_SESSION_TYPES, inPerson: { enabled: true, price: 150, duration: 90 } };
const PUT = 'PUT /api/hunter-profile/joining-details';

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const errorOf = (control: HTMLElement) =>
  document.getElementById(control.getAttribute('aria-describedby')?.split(' ')[0] ?? '')?.textContent ?? null;
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save joining details' }));
const sent = (calls: ReturnType<typeof stubFetch>) =>
  calls.filter((call) => call.init.method === 'PUT').map((call) => JSON.parse(String(call.init.body)) as unknown);

describe('JoiningDetailsForm', () => {
  it('asks only for the offered types, says questions are answered in Messages, and saves compact numbers', async () => {
    const calls = stubFetch({ [PUT]: () => json(200, EMPTY_JOINING_DETAILS) });
    renderWithProviders(<JoiningDetailsForm sessionTypes={DEFAULT_SESSION_TYPES} details={EMPTY_JOINING_DETAILS} />);
    // In person is not offered by default: no area or address asked.
    expect(screen.queryByLabelText('Meeting area')).toBeNull();
    expect(screen.getByText(/you answer the client's question in Messages/)).toBeTruthy();

    fireEvent.change(field('WhatsApp number for WhatsApp Voice Message'), { target: { value: '+44 7700 900123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Same as voice' }));
    expect(field('WhatsApp number for WhatsApp Video Call').value).toBe('+447700900123');
    save();
    await waitFor(() => expect(sent(calls)).toHaveLength(1));
    expect(sent(calls)[0]).toEqual({
      whatsappVoice: { phone: '+447700900123' },
      whatsappVideo: { phone: '+447700900123' },
      inPerson: { area: null, address: null },
    });
  });

  it('refuses a malformed number beside its field without sending', async () => {
    const calls = stubFetch({});
    renderWithProviders(<JoiningDetailsForm sessionTypes={DEFAULT_SESSION_TYPES} details={EMPTY_JOINING_DETAILS} />);
    fireEvent.change(field('WhatsApp number for WhatsApp Video Call'), { target: { value: '07700 900123' } });
    save();
    await waitFor(() => expect(errorOf(field('WhatsApp number for WhatsApp Video Call'))).toBe(JOINING_MESSAGES.phone));
    expect(sent(calls)).toHaveLength(0);
  });

  it("shows the server's field error next to the field it names", async () => {
    stubFetch({
      [PUT]: () =>
        json(400, {
          statusCode: 400,
          message: JOINING_MESSAGES.phone,
          errors: { 'whatsappVideo.phone': JOINING_MESSAGES.phone },
        }),
    });
    renderWithProviders(
      <JoiningDetailsForm
        sessionTypes={allOffered}
        details={{ ...EMPTY_JOINING_DETAILS, inPerson: { area: 'Mayfair', address: '1 Bond Street' } }}
      />,
    );
    expect(field('Meeting area').value).toBe('Mayfair');
    fireEvent.change(field('WhatsApp number for WhatsApp Video Call'), { target: { value: '+15550000000' } });
    save();
    const video = field('WhatsApp number for WhatsApp Video Call');
    await waitFor(() => expect(errorOf(video)).toBe(JOINING_MESSAGES.phone));
    expect(video.getAttribute('aria-invalid')).toBe('true');
    expect(field('WhatsApp number for WhatsApp Voice Message').getAttribute('aria-invalid')).toBe('false');
    expect(screen.getByRole('alert').textContent).toContain('Please fix the highlighted field.');
  });
});
