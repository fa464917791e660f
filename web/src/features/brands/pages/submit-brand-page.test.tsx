import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '@/testing/fetch-stub';
import { signedIn } from '@/testing/data-generators';
import { renderRoute } from '@/testing/test-utils';

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

/** The error shown for a field: the element its aria-describedby names first. */
function errorOf(label: string): string | null {
  const control = screen.getByLabelText(label);
  const id = control.getAttribute('aria-describedby')?.split(' ')[0];
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

async function openForm() {
  renderRoute('/submit');
  await screen.findByRole('heading', { name: 'Submit your favourite independent brand' });
}

function fillValidBrand() {
  fill('Brand Name', 'Maison Rose');
  fill('Description', 'Linen dresses made in Brighton.');
  fill('Category', 'Dresses');
  fill('Location', 'UK');
  fill('Delivery', 'Europe Wide');
  fill('Image URL', 'https://images.example.com/rose.jpg');
  fill('Website', 'https://maisonrose.example.com');
}

const submitButton = () => screen.getByRole('button', { name: 'Submit Brand' });

describe('/submit', () => {
  it("shows the spec's messages and sends nothing while the form is incomplete", async () => {
    const calls = stubFetch(signedIn);
    await openForm();
    fireEvent.click(submitButton());

    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(errorOf('Brand Name')).toBe('Name is required');
    expect(errorOf('Description')).toBe('Description is required');
    expect(errorOf('Category')).toBe('Please select a category');
    expect(errorOf('Location')).toBe('Please select a location');
    expect(errorOf('Delivery')).toBe('Please select a delivery option');
    expect(errorOf('Image URL')).toBe('Image URL is required');
    expect(errorOf('Instagram')).toBe('Please provide at least one social media or website link');
    expect(calls.filter((call) => call.url === '/api/brands')).toHaveLength(0);
  });

  it('checks that links are links, and clears the link rule once any link is given', async () => {
    stubFetch(signedIn);
    await openForm();
    fill('Image URL', 'not a url');
    fireEvent.click(submitButton());
    expect(await screen.findByText('Image URL must be a link starting with http:// or https://')).toBeTruthy();
    expect(errorOf('Instagram')).toBe('Please provide at least one social media or website link');

    fill('Etsy Shop', 'https://etsy.com/shop/rose');
    expect(errorOf('Instagram')).toBeNull();

    fill('TikTok', 'tiktok.com/@rose');
    fireEvent.click(submitButton());
    await waitFor(() => expect(errorOf('TikTok')).toBe('TikTok must be a link starting with http:// or https://'));
    expect(errorOf('Etsy Shop')).toBeNull();
  });

  it('sends the brand, shows the success screen and offers an empty form again', async () => {
    const calls = stubFetch({
      ...signedIn,
      'POST /api/brands': () => json(201, { id: 41, name: 'Maison Rose' }),
    });
    await openForm();
    fillValidBrand();
    fireEvent.click(screen.getByRole('button', { name: 'Handmade' }));
    const hashtags = screen.getByRole('textbox', { name: 'Hashtags (optional)' });
    fireEvent.change(hashtags, { target: { value: 'linen' } });
    fireEvent.keyDown(hashtags, { key: 'Enter' });
    fireEvent.click(screen.getByLabelText(/£££\s*Expensive/));
    fireEvent.click(submitButton());

    expect(await screen.findByRole('heading', { name: 'Brand Submitted Successfully!' })).toBeTruthy();
    expect(screen.getByText('Brand submitted successfully!')).toBeTruthy();
    expect(screen.getByText('Your brand is now live on the product and available for voting.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View All Brands' }).getAttribute('href')).toBe('/brands');

    const sent = calls.find((call) => call.url === '/api/brands' && call.init.method === 'POST');
    expect(JSON.parse(String(sent?.init.body))).toEqual({
      name: 'Maison Rose',
      description: 'Linen dresses made in Brighton.',
      category: 'Dresses',
      location: 'UK',
      delivery: 'Europe Wide',
      priceCategory: '£££',
      imageUrl: 'https://images.example.com/rose.jpg',
      instagramUrl: null,
      etsyUrl: null,
      websiteUrl: 'https://maisonrose.example.com',
      tiktokUrl: null,
      tags: ['Handmade'],
      hashtags: ['#linen'],
    });

    fireEvent.click(screen.getByRole('button', { name: 'Submit Another Brand' }));
    expect(((await screen.findByLabelText('Brand Name')) as HTMLInputElement).value).toBe('');
  });

  it('uploads a chosen image, shows it, and sends the site URL it was stored at as the brand image', async () => {
    const stored = '/api/media/brand-images/7b0c8f0e-3c1d-4e55-9a51-2f0a5f9c1d22';
    const calls = stubFetch({
      ...signedIn,
      'POST /api/brand-images': () => json(201, { imageUrl: stored }),
      'POST /api/brands': () => json(201, { id: 42, name: 'Maison Rose' }),
    });
    await openForm();
    fillValidBrand();
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'rose.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText(/Upload a brand image/), { target: { files: [file] } });

    await waitFor(() => expect((screen.getByLabelText('Image URL') as HTMLInputElement).value).toBe(stored));
    const upload = calls.find((call) => call.url === '/api/brand-images');
    expect(JSON.parse(String(upload?.init.body)).image).toMatch(/^data:image\/png;base64,/);
    expect(document.querySelector(`img[src="${stored}"]`)).toBeTruthy();

    fireEvent.click(submitButton());
    expect(await screen.findByRole('heading', { name: 'Brand Submitted Successfully!' })).toBeTruthy();
    const sent = calls.find((call) => call.url === '/api/brands' && call.init.method === 'POST');
    expect(JSON.parse(String(sent?.init.body)).imageUrl).toBe(stored);
  });

  it("shows the server's refusal of an uploaded image on the image field", async () => {
    stubFetch({
      ...signedIn,
      'POST /api/brand-images': () =>
        json(400, {
          statusCode: 400,
          message: 'Please choose an image file (PNG, JPEG, GIF or WebP)',
          errors: { image: 'Please choose an image file (PNG, JPEG, GIF or WebP)' },
        }),
    });
    await openForm();
    const file = new File(['not really'], 'rose.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText(/Upload a brand image/), { target: { files: [file] } });
    await waitFor(() => expect(errorOf('Image URL')).toBe('Please choose an image file (PNG, JPEG, GIF or WebP)'));
  });

  it("shows the server's field messages beside their fields and the failure toast", async () => {
    stubFetch({
      ...signedIn,
      'POST /api/brands': () =>
        json(400, {
          statusCode: 400,
          message: 'Name must be at most 255 characters',
          errors: { name: 'Name must be at most 255 characters', websiteUrl: 'Website is not reachable' },
        }),
    });
    await openForm();
    fillValidBrand();
    fireEvent.click(submitButton());

    await waitFor(() => expect(errorOf('Brand Name')).toBe('Name must be at most 255 characters'));
    expect(errorOf('Website')).toBe('Website is not reachable');
    const shown = screen
      .getAllByRole('status')
      .find((element) => element.textContent?.includes('Failed to submit brand'));
    expect(shown && within(shown).getByText('Name must be at most 255 characters')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Brand Submitted Successfully!' })).toBeNull();
  });

  it("falls back to 'Please try again later.' when the failure has no message", async () => {
    stubFetch({ ...signedIn, 'POST /api/brands': () => new Response('', { status: 502 }) });
    await openForm();
    fillValidBrand();
    fireEvent.click(submitButton());
    expect(await screen.findByText('Please try again later.')).toBeTruthy();
    expect(screen.getByText('Failed to submit brand')).toBeTruthy();
  });
});
