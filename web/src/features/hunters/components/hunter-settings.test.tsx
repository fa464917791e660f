import type { Hunter } from '@hunted/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aHunter, anOwnHunter } from '@/testing/data-generators';
import { json, stubFetch } from '@/testing/fetch-stub';
import { renderWithProviders } from '@/testing/test-utils';
import { useHunterProfile } from '../api/get-hunter-profile';
import { HunterSettings } from './hunter-settings';

const hunter = aHunter({
  id: 12,
  name: 'Sofia Marchetti',
  location: 'Italy',
  yearsExperience: 9,
  bio: 'Milan buyer turned stylist.',
  instagramUrl: 'https://instagram.com/sofia',
  specialties: ['Fine Jewelry', 'Haute Couture'],
  adviceTypes: ['Wardrobe Audit'],
  languages: ['Italian', 'English'],
  profileImageUrl: '/api/media/hunter-photos/3f1c2a4e-8d5b-4c3a-9e2f-1a2b3c4d5e6f',
  availabilityStatus: 'Busy',
});

/** The dashboard reads the profile the way this probe does; a save must make it read again. */
function SettingsTab() {
  const profile = useHunterProfile();
  return profile.data ? <HunterSettings hunter={profile.data} /> : null;
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
const toastWith = (title: string) =>
  screen.getAllByRole('status').find((element) => element.textContent?.includes(title)) ?? null;
const errorOf = (control: HTMLElement) =>
  document.getElementById(control.getAttribute('aria-describedby')?.split(' ')[0] ?? '')?.textContent ?? null;

function render(answers: Record<string, () => Response | Promise<Response>>, profile: Hunter = hunter) {
  let profileReads = 0;
  const calls = stubFetch({
    'GET /api/hunter-profile': () => {
      profileReads += 1;
      return json(200, profile);
    },
    ...answers,
  });
  renderWithProviders(<SettingsTab />);
  return { calls, profileReads: () => profileReads };
}

const sentBody = (calls: ReturnType<typeof stubFetch>) =>
  JSON.parse(String(calls.find((call) => call.init.method === 'PATCH')?.init.body)) as Record<string, unknown>;

describe('HunterSettings', () => {
  it('fills the form with a change waiting for review, so saving a price keeps it waiting (decision 0089)', async () => {
    const waiting = anOwnHunter({
      ...hunter,
      revision: {
        id: 4,
        status: 'pending',
        changes: { name: 'Sofia M. Rossi', specialties: ['Footwear'] },
        live: { name: 'Sofia Marchetti', specialties: ['Fine Jewelry', 'Haute Couture'] },
        reason: null,
        submittedAt: '2026-11-25T09:00:00.000Z',
        decidedAt: null,
      },
    });
    const { calls } = render({ 'PATCH /api/hunters/12': () => json(200, waiting) }, waiting);
    expect(((await screen.findByLabelText('Full Name')) as HTMLInputElement).value).toBe('Sofia M. Rossi');
    expect(screen.getByRole('button', { name: 'Footwear' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Fine Jewelry' }).getAttribute('aria-pressed')).toBe('false');
    fireEvent.change(field('Price (£) for WhatsApp Voice Message'), { target: { value: '45' } });
    save();
    await waitFor(() => expect(calls.some((call) => call.init.method === 'PATCH')).toBe(true));
    expect(sentBody(calls)).toMatchObject({ name: 'Sofia M. Rossi', specialties: ['Footwear'], bio: 'Milan buyer turned stylist.' });
  });

  it('fills the form from the profile, with the availability status', async () => {
    render({});
    expect(((await screen.findByLabelText('Full Name')) as HTMLInputElement).value).toBe('Sofia Marchetti');
    expect(field('Location').value).toBe('Italy');
    expect(field('Years of Experience').value).toBe('9');
    expect(field('Availability Status').value).toBe('Busy');
    expect(
      [...(screen.getByLabelText('Availability Status') as HTMLSelectElement).options].map((o) => o.value),
    ).toEqual(['Available', 'Busy', 'Unavailable']);
    expect(field('Instagram Profile (optional)').value).toBe('https://instagram.com/sofia');
    expect(field('Price (£) for WhatsApp Video Call').value).toBe('80');
    expect(screen.queryByLabelText('Price (£) for In-Person Consultation')).toBeNull();
    expect(screen.getByRole('button', { name: 'Fine Jewelry' }).getAttribute('aria-pressed')).toBe('true');
  });

  it("saves with 'Saving...', numbers as whole numbers (0 when empty or invalid), then reads the profile again", async () => {
    let answer: (response: Response) => void = () => {};
    const { calls, profileReads } = render({
      'PATCH /api/hunters/12': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    await screen.findByLabelText('Full Name');
    fireEvent.change(field('Years of Experience'), { target: { value: '' } });
    fireEvent.change(field('Price (£) for WhatsApp Voice Message'), { target: { value: '' } });
    fireEvent.change(field('Duration (min) for WhatsApp Video Call'), { target: { value: '45.5' } });
    fireEvent.change(field('Availability Status'), { target: { value: 'Unavailable' } });
    save();

    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeTruthy();
    const body = sentBody(calls);
    expect(body).toMatchObject({
      yearsExperience: 0,
      availabilityStatus: 'Unavailable',
      profileImageUrl: hunter.profileImageUrl,
      sessionTypes: {
        whatsappVoice: { enabled: true, price: 0, duration: 30 },
        whatsappVideo: { enabled: true, price: 80, duration: 45 },
        inPerson: { enabled: false, price: 150, duration: 90 },
        askQuestion: { enabled: true, price: 25, duration: 15 },
      },
    });
    expect(body).not.toHaveProperty('pricePerSession');

    answer(json(200, { ...hunter, yearsExperience: 0, updatedAt: '2026-03-15T10:00:00.000Z' }));
    await waitFor(() =>
      expect(toastWith('Profile Updated')?.textContent).toContain('Your hunter profile has been updated successfully.'),
    );
    await waitFor(() => expect(profileReads()).toBe(2));
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeTruthy();
  });

  it('refuses an enabled session whose duration becomes 0, without calling the server', async () => {
    const { calls } = render({});
    await screen.findByLabelText('Full Name');
    fireEvent.change(field('Duration (min) for Ask Me a Question'), { target: { value: '' } });
    save();
    await waitFor(() =>
      expect(errorOf(field('Duration (min) for Ask Me a Question'))).toBe(
        'Session duration must be a whole number from 15 to 240 minutes',
      ),
    );
    expect(calls.filter((call) => call.init.method === 'PATCH')).toHaveLength(0);
  });

  it("shows 'Update Failed' and the server's field messages", async () => {
    render({
      'PATCH /api/hunters/12': () =>
        json(400, {
          statusCode: 400,
          message: 'Instagram must be a link starting with http:// or https://',
          errors: { instagramUrl: 'Instagram must be a link starting with http:// or https://' },
        }),
    });
    await screen.findByLabelText('Full Name');
    save();
    await waitFor(() =>
      expect(toastWith('Update Failed')?.textContent).toContain('Failed to update your profile. Please try again.'),
    );
    expect(errorOf(field('Instagram Profile (optional)'))).toBe(
      'Instagram must be a link starting with http:// or https://',
    );
  });

  it('changes the currency, the price inputs showing its symbol, and says why a change is refused while booked', async () => {
    const { calls } = render({
      'PATCH /api/hunters/12': () =>
        json(409, {
          statusCode: 409,
          message: 'Your currency can change only while nothing is booked: you have sessions ahead priced in your current currency.',
        }),
    });
    await screen.findByLabelText('Full Name');
    expect(field('Currency').value).toBe('GBP');
    expect(field('Price (£) for WhatsApp Video Call').value).toBe('80');
    fireEvent.change(field('Currency'), { target: { value: 'EUR' } });
    expect(field('Price (€) for WhatsApp Video Call').value).toBe('80');
    save();
    await waitFor(() => expect(toastWith('Update Failed')?.textContent).toContain('only while nothing is booked'));
    expect(sentBody(calls).currency).toBe('EUR');
  });
});
