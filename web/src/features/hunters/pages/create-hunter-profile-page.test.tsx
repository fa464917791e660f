import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { VETTING_MESSAGES } from '@hunted/contracts';
import { aHunter, anOwnHunter, member, signedIn, signedOut } from '@/testing/data-generators';
import { json, stubFetch } from '@/testing/fetch-stub';
import { AUTH_REQUIRED_REDIRECT_DELAY_MS } from '@/config/constants';
import { findOnTestClock, useTestClock } from '@/testing/test-clock';
import { renderRoute } from '@/testing/test-utils';

const noProfile = { 'GET /api/hunter-profile': () => json(404, { message: 'Hunter not found' }) };

async function openForm(answers: Record<string, () => Response | Promise<Response>> = {}) {
  const calls = stubFetch({ ...signedIn, ...noProfile, ...answers });
  const router = renderRoute('/create-hunter-profile');
  await screen.findByRole('heading', { name: 'Create Your Hunter Profile' });
  return { calls, router };
}

/** The message shown for a control: the element its aria-describedby names first. */
function errorOf(control: HTMLElement): string | null {
  const id = control.getAttribute('aria-describedby')?.split(' ')[0];
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

const field = (label: string) => screen.getByLabelText(label);
const group = (name: string) => screen.getByRole('group', { name });
const chip = (groupName: string, name: string) => within(group(groupName)).getByRole('button', { name });
// The price inputs name the currency: pounds until a location gives another (euros for Italy).
const price = (type: string) => screen.queryByLabelText(new RegExp(`^Price \\(.\\) for ${type}$`));
const duration = (type: string) => screen.queryByLabelText(`Duration (min) for ${type}`);
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
const toastWith = (title: string) =>
  screen.getAllByRole('status').find((element) => element.textContent?.includes(title)) ?? null;

function fill(label: string, value: string) {
  fireEvent.change(field(label), { target: { value } });
}

function fillValidProfile() {
  fill('Full Name', 'Ada Lovelace');
  fill('Location', 'Italy');
  fill('Time Zone', 'Europe/Rome');
  fill('Years of Experience', '7');
  fill('Professional Bio (optional)', 'Twenty years of buying for Milan boutiques.');
  fill('Instagram Profile (optional)', 'https://instagram.com/ada');
  fireEvent.click(chip('Specialties', 'Fine Jewelry'));
  fireEvent.click(chip('Services Offered', 'Wardrobe Audit'));
  fireEvent.click(chip('Languages Spoken', 'Italian'));
  fill('Price (€) for WhatsApp Voice Message', '45');
  fill('Price (€) for WhatsApp Video Call', '90');
  fill('Price (€) for Ask Me a Question', '0');
}

function choosePhoto(file: File) {
  fireEvent.change(screen.getByLabelText('Profile photo'), { target: { files: [file] } });
}

describe('/create-hunter-profile', () => {
  it("pre-fills the user's name and photo and shows the five sections", async () => {
    stubFetch({
      'GET /api/auth/user': () => json(200, { ...member, profileImageUrl: '/api/auth/avatars/u1.png' }),
      ...noProfile,
    });
    renderRoute('/create-hunter-profile');

    expect(((await screen.findByLabelText('Full Name')) as HTMLInputElement).value).toBe('Ada Lovelace');
    expect(screen.getByRole('img', { name: 'Photo of Ada Lovelace' }).getAttribute('src')).toBe(
      '/api/auth/avatars/u1.png',
    );
    expect(
      within(screen.getByRole('main'))
        .getAllByRole('heading', { level: 2 })
        .map((heading) => heading.textContent),
    ).toEqual([
      'Basic Information',
      'Specialties',
      'Services Offered',
      'Languages Spoken',
      'Session Types & Pricing',
      'A profile clients book',
    ]);
    expect(chip('Languages Spoken', 'English').getAttribute('aria-pressed')).toBe('true');
    const agreement = screen.getByText(/By creating a profile you agree to the/);
    expect(within(agreement).getByRole('link', { name: 'Hunter Terms' }).getAttribute('href')).toBe('/hunter-terms');
  });

  it("shows the spec's messages beside their fields and sends nothing", async () => {
    const { calls } = await openForm();
    fill('Full Name', '');
    save();

    expect(await screen.findByText('Select at least one specialty')).toBeTruthy();
    expect(errorOf(group('Specialties'))).toBe('Select at least one specialty');
    expect(errorOf(group('Services Offered'))).toBe('Select at least one advice type');
    expect(errorOf(field('Years of Experience'))).toBe('Years of experience is required');
    expect(errorOf(field('Full Name'))).toBe('Name is required');
    expect(errorOf(field('Location'))).toBe('Please select a location');
    for (const type of ['WhatsApp Voice Message', 'WhatsApp Video Call', 'Ask Me a Question']) {
      expect(errorOf(price(type)!)).toBe('Session price is required');
    }
    expect(screen.getByRole('alert').textContent).toContain('Please fix the 8 highlighted fields.');
    expect(calls.filter((call) => call.init.method === 'POST')).toHaveLength(0);

    // A fixed field stops shouting.
    fireEvent.click(chip('Specialties', 'Street Style'));
    expect(screen.queryByText('Select at least one specialty')).toBeNull();
  });

  it('puts the focus on the first field to fix, the name being filled in from the account', async () => {
    const { calls } = await openForm();
    save();
    await waitFor(() => expect(document.activeElement).toBe(field('Location')));
    expect(errorOf(field('Full Name'))).toBeNull();
    expect(calls.filter((call) => call.init.method === 'POST')).toHaveLength(0);
  });

  it('keeps the last selected language', async () => {
    await openForm();
    const english = chip('Languages Spoken', 'English');
    expect((english as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(english);
    expect(english.getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(chip('Languages Spoken', 'French'));
    expect((english as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(english);
    expect(english.getAttribute('aria-pressed')).toBe('false');
    const french = chip('Languages Spoken', 'French');
    expect((french as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows price and duration only for enabled session types, the example prices as placeholders', async () => {
    await openForm();
    const placeholders = ['WhatsApp Voice Message', 'WhatsApp Video Call', 'Ask Me a Question'].map((type) => {
      const input = price(type) as HTMLInputElement;
      expect(input.value).toBe('');
      return input.placeholder;
    });
    expect(placeholders).toEqual(['50', '80', '25']);
    expect((duration('WhatsApp Video Call') as HTMLInputElement).value).toBe('60');

    const inPerson = screen.getByRole('switch', { name: 'In-Person Consultation' });
    expect(inPerson.getAttribute('aria-checked')).toBe('false');
    expect(price('In-Person Consultation')).toBeNull();
    expect(duration('In-Person Consultation')).toBeNull();
    fireEvent.click(inPerson);
    expect((price('In-Person Consultation') as HTMLInputElement).placeholder).toBe('150');
    expect((duration('In-Person Consultation') as HTMLInputElement).value).toBe('90');

    fireEvent.click(screen.getByRole('switch', { name: 'WhatsApp Voice Message' }));
    expect(price('WhatsApp Voice Message')).toBeNull();
    expect(duration('WhatsApp Voice Message')).toBeNull();
  });

  it('checks a chosen photo before reading it, and shows the one it read', async () => {
    await openForm();
    choosePhoto(new File([new Uint8Array(5 * 1024 * 1024)], 'big.png', { type: 'image/png' }));
    await waitFor(() =>
      expect(toastWith('File too large')?.textContent).toContain('Please select an image smaller than 5MB'),
    );

    choosePhoto(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    await waitFor(() => expect(toastWith('Invalid file type')?.textContent).toContain('Please select an image file'));
    expect(screen.queryByRole('img', { name: /^Photo of/ })).toBeNull();

    choosePhoto(new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' }));
    await waitFor(() => expect(toastWith('Image uploaded')).toBeTruthy());
    expect(screen.getByRole('img', { name: 'Photo of Ada Lovelace' }).getAttribute('src')).toBe(
      'data:image/png;base64,iVBORw==',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.queryByRole('img', { name: /^Photo of/ })).toBeNull();
  });

  it("says 'Upload failed' when the photo cannot be read", async () => {
    await openForm();
    vi.spyOn(FileReader.prototype, 'readAsDataURL').mockImplementation(function (this: FileReader) {
      setTimeout(() => this.onerror?.(new ProgressEvent('error') as ProgressEvent<FileReader>));
    });
    choosePhoto(new File([new Uint8Array([1])], 'me.png', { type: 'image/png' }));
    await waitFor(() =>
      expect(toastWith('Upload failed')?.textContent).toContain('Failed to upload image. Please try again.'),
    );
  });

  it('creates the profile with whole numbers, refreshes the profile and opens the dashboard, where it is pending', async () => {
    let profileReads = 0;
    const created = anOwnHunter({ id: 77, name: 'Ada Lovelace', status: 'pending', rating: null, reviewCount: 0 });
    const { calls, router } = await openForm({
      'GET /api/hunter-profile': () =>
        ++profileReads === 1 ? json(404, { message: 'Hunter not found' }) : json(200, created),
      'POST /api/hunters': () => json(201, created),
    });
    fillValidProfile();
    choosePhoto(new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' }));
    await waitFor(() => expect(toastWith('Image uploaded')).toBeTruthy());
    save();

    await waitFor(() => expect(router.state.location.pathname).toBe('/hunter-dashboard'));
    expect(toastWith('Success!')?.textContent).toContain('Your hunter profile has been created successfully.');
    expect((await screen.findByRole('status', { name: 'Profile status' })).textContent).toContain(
      VETTING_MESSAGES.pending,
    );
    const sent = calls.find((call) => call.url === '/api/hunters' && call.init.method === 'POST');
    expect(JSON.parse(String(sent?.init.body))).toEqual({
      name: 'Ada Lovelace',
      bio: 'Twenty years of buying for Milan boutiques.',
      location: 'Italy',
      timeZone: 'Europe/Rome',
      currency: 'EUR',
      specialties: ['Fine Jewelry'],
      adviceTypes: ['Wardrobe Audit'],
      languages: ['English', 'Italian'],
      yearsExperience: 7,
      instagramUrl: 'https://instagram.com/ada',
      profileImageUrl: 'data:image/png;base64,iVBORw==',
      sessionTypes: {
        whatsappVoice: { enabled: true, price: 45, duration: 30 },
        whatsappVideo: { enabled: true, price: 90, duration: 60 },
        inPerson: { enabled: false, price: 150, duration: 90 },
        askQuestion: { enabled: true, price: 0, duration: 15 },
      },
    });
    expect(profileReads).toBe(2);
  });

  it("shows the server's messages beside their fields, and the spec's failure toast", async () => {
    await openForm({
      'POST /api/hunters': () =>
        json(400, {
          statusCode: 400,
          message:
            'Please select an image smaller than 5MB. Session price must be 0 (free) or a whole number from £2 to £5,000',
          errors: {
            profileImageUrl: 'Please select an image smaller than 5MB',
            sessionTypes: 'Session price must be 0 (free) or a whole number from £2 to £5,000',
            name: 'Name must be at most 255 characters',
            rating: 'property rating should not exist',
          },
        }),
    });
    fillValidProfile();
    save();

    await waitFor(() => expect(errorOf(field('Profile photo'))).toBe('Please select an image smaller than 5MB'));
    expect(errorOf(field('Full Name'))).toBe('Name must be at most 255 characters');
    expect(screen.getByText('Session price must be 0 (free) or a whole number from £2 to £5,000')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('property rating should not exist');
    expect(toastWith('Error')?.textContent).toContain('Failed to create hunter profile. Please try again.');
  });

  it('asks a user whose session ended to sign in again', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    await openForm({ 'POST /api/hunters': () => json(401, { message: 'Unauthorized' }) });
    fillValidProfile();
    // The page's pause before sign-in on the test's clock, moved on once the toast is shown, rather than waited for.
    useTestClock();
    save();

    await findOnTestClock(() =>
      expect(toastWith('Authentication Required')?.textContent).toContain('Please sign in to create your profile.'),
    );
    expect(assign).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(AUTH_REQUIRED_REDIRECT_DELAY_MS));
    expect(assign).toHaveBeenCalledWith('/api/login');
  });

  it("tells a guest 'Authentication Required' on the page and in a toast, then sends them to sign in", async () => {
    useTestClock();
    stubFetch(signedOut);
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    renderRoute('/create-hunter-profile');
    await findOnTestClock(() => screen.getByRole('heading', { name: 'Authentication Required' }));
    expect(toastWith('Authentication Required')?.textContent).toContain('Please sign in to create your profile.');
    expect(screen.queryByRole('heading', { name: 'Create Your Hunter Profile' })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(AUTH_REQUIRED_REDIRECT_DELAY_MS));
    expect(assign).toHaveBeenCalledWith('/api/login');
  });

  it('offers the dashboard instead of a second profile', async () => {
    stubFetch({ ...signedIn, 'GET /api/hunter-profile': () => json(200, aHunter()) });
    renderRoute('/create-hunter-profile');

    expect(await screen.findByRole('heading', { name: 'You already have a hunter profile' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Hunter Dashboard' }).getAttribute('href')).toBe('/hunter-dashboard');
    expect(screen.queryByRole('button', { name: 'Save Changes' })).toBeNull();
  });

  it('turns to the dashboard link when the profile was created meanwhile (409)', async () => {
    let profileReads = 0;
    await openForm({
      'GET /api/hunter-profile': () =>
        ++profileReads === 1 ? json(404, { message: 'Hunter not found' }) : json(200, aHunter()),
      'POST /api/hunters': () => json(409, { message: 'You already have a hunter profile' }),
    });
    fillValidProfile();
    save();

    expect(await screen.findByRole('heading', { name: 'You already have a hunter profile' })).toBeTruthy();
    expect(toastWith('Error')?.textContent).toContain('Failed to create hunter profile. Please try again.');
  });
});
