import type { Brand, ContactSubmission } from '@hunted/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '@/testing/fetch-stub';
import { admin, member } from '@/testing/data-generators';
import { renderRoute } from '@/testing/test-utils';

const brand: Brand = {
  id: 7,
  name: 'Maison Rose',
  description: 'Linen dresses made in Brighton.',
  category: 'Dresses',
  location: 'UK',
  delivery: 'Europe Wide',
  imageUrl: 'https://images.example.com/rose.jpg',
  instagramUrl: 'https://instagram.com/maisonrose',
  etsyUrl: null,
  websiteUrl: null,
  tiktokUrl: null,
  votes: 12,
  rating: 4.25,
  ratingCount: 4,
  tags: ['Handmade'],
  hashtags: ['#linen'],
  priceCategory: '££',
  featured: false,
  featuredDate: null,
  views: 340,
  createdAt: '2026-11-20T10:00:00.000Z',
};

const submission: ContactSubmission = {
  id: 3,
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  subject: 'Partnership idea',
  category: 'partnership',
  message: 'We run a market for independent makers and would love to work together.',
  status: 'new',
  createdAt: '2026-11-21T09:30:00.000Z',
  updatedAt: '2026-11-21T09:30:00.000Z',
};

const INBOX = '/api/admin/contact-submissions';

/** A page of the inbox as the server sends it: the items, and the total in x-total-count. */
const inboxPage = (items: ContactSubmission[], total: number) =>
  new Response(JSON.stringify(items), {
    status: 200,
    headers: { 'Content-Type': 'application/json', 'x-total-count': String(total) },
  });

const asAdmin = { 'GET /api/auth/user': () => json(200, admin) };

/** Radix tabs switch on a primary-button mouse down. */
async function openTab(name: string) {
  fireEvent.mouseDown(await screen.findByRole('tab', { name }), { button: 0 });
}

describe('/admin', () => {
  it('tells a signed-in member they are not authorised and asks the server for no admin data', async () => {
    const calls = stubFetch({ 'GET /api/auth/user': () => json(200, member) });
    renderRoute('/admin');
    expect(await screen.findByRole('heading', { name: 'Not authorised' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(calls.map((call) => call.url).filter((url) => url.startsWith('/api/admin'))).toEqual([]);
  });

  it('asks a guest to sign in, without admin requests', async () => {
    const calls = stubFetch({ 'GET /api/auth/user': () => json(401, { message: 'Unauthorized' }) });
    renderRoute('/admin');
    expect(await screen.findByRole('heading', { name: 'Please sign in' })).toBeTruthy();
    expect(calls.map((call) => call.url).filter((url) => url.startsWith('/api/admin'))).toEqual([]);
  });

  it('lists every brand with its stats and actions for an admin', async () => {
    stubFetch({ ...asAdmin, 'GET /api/admin/brands': () => json(200, [brand]) });
    renderRoute('/admin');
    const table = await screen.findByRole('table');
    const row = within(table).getByText('Maison Rose').closest('tr') as HTMLElement;
    expect(within(row).getByText('Linen dresses made in Brighton.')).toBeTruthy();
    // The stats render twice (own column on wide screens, under the name on phones); CSS shows one.
    expect(within(row).getAllByText('12')).toHaveLength(2);
    expect(within(row).getAllByText('340')).toHaveLength(2);
    expect(within(row).getAllByText('4.3')).toHaveLength(2);
    expect(within(row).getByRole('link', { name: 'View Maison Rose' }).getAttribute('href')).toBe('/brand/7');
  });

  it('creates a brand in the Create New Brand dialog, confirms it and lists it', async () => {
    const created: Brand = { ...brand, id: 8, name: 'Admin Made', votes: 0, views: 0, rating: 0, ratingCount: 0 };
    let listed: Brand[] = [];
    const calls = stubFetch({
      ...asAdmin,
      'GET /api/admin/brands': () => json(200, listed),
      'POST /api/admin/brands': () => {
        listed = [created];
        return json(201, created);
      },
    });
    renderRoute('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Add Brand' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Brand' });
    const fill = (label: string, value: string) =>
      fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    fill('Brand Name', 'Admin Made');
    fill('Description', 'Recycled-wool coats from a Glasgow mill.');
    fill('Category', 'Clothing');
    fill('Location', 'UK');
    fill('Delivery', 'Europe Wide');
    fill('Image URL', 'https://images.example/coat.jpg');
    fill('Website', 'https://admin-made.example');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Brand' }));

    expect(await screen.findByText('Brand created successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('button', { name: 'Edit Admin Made' })).toBeTruthy();
    const sent = calls.find((call) => call.url === '/api/admin/brands' && call.init.method === 'POST');
    expect(JSON.parse(String(sent?.init.body))).toMatchObject({
      name: 'Admin Made',
      description: 'Recycled-wool coats from a Glasgow mill.',
      category: 'Clothing',
      location: 'UK',
      delivery: 'Europe Wide',
      imageUrl: 'https://images.example/coat.jpg',
      websiteUrl: 'https://admin-made.example',
    });
  });

  it('edits a brand in the Edit Brand dialog and sends its fields with its id', async () => {
    const calls = stubFetch({
      ...asAdmin,
      'GET /api/admin/brands': () => json(200, [brand]),
      'PUT /api/admin/brands/7': () => json(200, { ...brand, name: 'Maison Rosa' }),
    });
    renderRoute('/admin');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Maison Rose' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Brand' });
    fireEvent.change(within(dialog).getByLabelText('Brand Name'), { target: { value: 'Maison Rosa' } });
    fireEvent.click(within(dialog).getByLabelText('Featured brand'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Brand updated successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = calls.find((call) => call.init.method === 'PUT');
    expect(JSON.parse(String(sent?.init.body))).toMatchObject({
      id: 7,
      name: 'Maison Rosa',
      instagramUrl: 'https://instagram.com/maisonrose',
      tags: ['Handmade'],
      hashtags: ['#linen'],
      featured: true,
      featuredDate: null,
    });
  });

  it('deletes a brand once confirmed, says so, and takes it off the list', async () => {
    let listed = [brand];
    const calls = stubFetch({
      ...asAdmin,
      'GET /api/admin/brands': () => json(200, listed),
      'DELETE /api/admin/brands/7': () => {
        listed = [];
        return new Response(null, { status: 204 });
      },
    });
    renderRoute('/admin');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Maison Rose' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Are you sure you want to delete this brand?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Brand deleted successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Edit Maison Rose' })).toBeNull());
    expect(calls.filter((call) => call.init.method === 'DELETE')).toHaveLength(1);
  });

  it("asks before deleting and shows the server's reason when it fails", async () => {
    const calls = stubFetch({
      ...asAdmin,
      'GET /api/admin/brands': () => json(200, [brand]),
      'DELETE /api/admin/brands/7': () => json(404, { message: 'Brand not found' }),
    });
    renderRoute('/admin');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Maison Rose' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Are you sure you want to delete this brand?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Brand not found')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
    expect(calls.filter((call) => call.init.method === 'DELETE')).toHaveLength(1);
  });

  it('uploads a CSV as multipart field csv and lists the rows the server refused', async () => {
    const calls = stubFetch({
      ...asAdmin,
      'GET /api/admin/brands': () => json(200, []),
      'POST /api/admin/brands/upload-csv': () =>
        json(400, {
          statusCode: 400,
          message: '2 rows have problems',
          rows: [
            { line: 3, column: 'category', message: 'Category must be one of the listed categories' },
            { line: 5, column: 'name', message: 'Name is required' },
          ],
        }),
    });
    renderRoute('/admin');
    await openTab('Bulk Upload');
    expect((await screen.findByRole('link', { name: 'Download CSV template' })).getAttribute('href')).toBe(
      '/api/admin/brands/csv-template',
    );
    const upload = screen.getByRole('button', { name: 'Upload' }) as HTMLButtonElement;
    expect(upload.disabled).toBe(true);

    const file = new File(['name,category\nRose,Nope\n'], 'brands.csv', { type: 'text/csv' });
    const input = screen.getByLabelText('CSV file');
    Object.defineProperty(input, 'files', { value: [file] });
    fireEvent.change(input);
    fireEvent.click(upload);

    const rows = await screen.findByRole('list', { name: 'Rows to fix' });
    expect(
      within(rows)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Line 3, category: Category must be one of the listed categories', 'Line 5, name: Name is required']);
    expect(screen.getAllByText('Failed to upload CSV').length).toBeGreaterThan(0);

    const sent = calls.find((call) => call.url === '/api/admin/brands/upload-csv');
    expect(sent?.init.credentials).toBe('include');
    expect(sent?.init.headers).toBeUndefined();
    expect((sent?.init.body as FormData).get('csv')).toBeInstanceOf(File);
  });

  it("says 'Uploading...' while a file goes up, and keeps the refusal until dismissed or another file is picked", async () => {
    let answer: ((response: Response) => void) | undefined;
    const answerUpload = async (response: Response) => {
      await waitFor(() => expect(answer).toBeDefined());
      answer!(response);
      answer = undefined;
    };
    stubFetch({
      ...asAdmin,
      'GET /api/admin/brands': () => json(200, []),
      'POST /api/admin/brands/upload-csv': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderRoute('/admin');
    await openTab('Bulk Upload');
    const input = await screen.findByLabelText('CSV file');
    const pick = (name: string) => {
      Object.defineProperty(input, 'files', {
        value: [new File(['x'], name, { type: 'text/csv' })],
        configurable: true,
      });
      fireEvent.change(input);
    };
    pick('first.csv');
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    const uploading = await screen.findByRole('button', { name: 'Uploading...' });
    expect(uploading).toHaveProperty('disabled', true);
    await answerUpload(json(400, { statusCode: 400, message: 'The file has no rows' }));

    // The panel under the form (the toast says the same): found by its Dismiss button.
    const refusal = () => screen.queryByRole('button', { name: 'Dismiss' })?.closest('[role=alert]') ?? null;
    await waitFor(() => expect(refusal()?.textContent).toContain('The file has no rows'));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(refusal()).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await answerUpload(json(400, { statusCode: 400, message: 'The file has no rows' }));
    await waitFor(() => expect(refusal()).not.toBeNull());
    pick('second.csv');
    expect(refusal()).toBeNull();
    expect(screen.getByText('second.csv')).toBeTruthy();
  });

  it("confirms a successful upload with the spec's count", async () => {
    stubFetch({
      ...asAdmin,
      'GET /api/admin/brands': () => json(200, []),
      'POST /api/admin/brands/upload-csv': () => json(201, { count: 3 }),
    });
    renderRoute('/admin');
    await openTab('Bulk Upload');
    const input = await screen.findByLabelText('CSV file');
    Object.defineProperty(input, 'files', { value: [new File(['x'], 'three.csv', { type: 'text/csv' })] });
    fireEvent.change(input);
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Successfully uploaded 3 brands')).toBeTruthy();
  });

  it('lists contact submissions with their category label and en-GB date, or says there are none', async () => {
    stubFetch({
      ...asAdmin,
      'GET /api/admin/brands': () => json(200, []),
      [`GET ${INBOX}?limit=50&offset=0`]: () => json(200, [submission]),
    });
    renderRoute('/admin');
    await openTab('Contact Submissions');
    const row = (await screen.findByText('Ada Lovelace')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Partnership Opportunity')).toBeTruthy();
    expect(within(row).getByText('21/11/2026')).toBeTruthy();
    expect(within(row).getByText('Partnership idea')).toBeTruthy();
  });

  it("reads the inbox 50 at a time and loads more with 'Load more submissions' until the total is reached", async () => {
    const many = Array.from({ length: 52 }, (_, i) => ({ ...submission, id: 100 - i, name: `Sender ${i + 1}` }));
    const calls = stubFetch({
      ...asAdmin,
      'GET /api/admin/brands': () => json(200, []),
      [`GET ${INBOX}?limit=50&offset=0`]: () => inboxPage(many.slice(0, 50), 52),
      [`GET ${INBOX}?limit=50&offset=50`]: () => inboxPage(many.slice(50), 52),
    });
    renderRoute('/admin');
    await openTab('Contact Submissions');
    expect(await screen.findByText('Sender 50')).toBeTruthy();
    expect(screen.queryByText('Sender 51')).toBeNull();
    expect(screen.getByText(/showing 50 of 52/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load more submissions' }));
    expect(await screen.findByText('Sender 52')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more submissions' })).toBeNull());
    expect(calls.filter((call) => call.url.startsWith(INBOX)).map((call) => call.url)).toEqual([
      `${INBOX}?limit=50&offset=0`,
      `${INBOX}?limit=50&offset=50`,
    ]);
  });

  it("shows 'No contact submissions yet.' for an empty inbox", async () => {
    stubFetch({
      ...asAdmin,
      'GET /api/admin/brands': () => json(200, []),
      [`GET ${INBOX}?limit=50&offset=0`]: () => json(200, []),
    });
    renderRoute('/admin');
    await openTab('Contact Submissions');
    expect(await screen.findByText('No contact submissions yet.')).toBeTruthy();
  });
});
