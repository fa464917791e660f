import { FORMER_MEMBER_NAME, type Comment, type Review, type ReviewPhoto } from '@hunted/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast } from '@/components/ui/toast';
import { json, stubFetch, type RecordedCall } from '@/testing/fetch-stub';
import { aBrand, member, page, signedIn, signedOut } from '@/testing/data-generators';
import { findOnTestClock, useTestClock } from '@/testing/test-clock';
import { renderRoute } from '@/testing/test-utils';

const brand = aBrand({
  id: 5,
  name: 'Maison Rose',
  imageUrl: '/demo-brands/maison-rose.svg',
  rating: 4,
  ratingCount: 2,
});

function aReview(overrides: Partial<Review> = {}): Review {
  return {
    id: 1,
    brandId: 5,
    userId: 'u9',
    userName: 'Grace Hopper',
    rating: 4,
    speedRating: 5,
    easeRating: 4,
    qualityRating: 3,
    sustainabilityRating: 2,
    reviewText: 'Lovely linen.',
    photos: [],
    createdAt: '2026-03-14T10:00:00.000Z',
    updatedAt: '2026-03-14T10:00:00.000Z',
    ...overrides,
  };
}

const withPhotos = [
  aReview({ id: 2, userName: 'Grace Hopper', photos: ['/api/media/review-photos/a', '/api/media/review-photos/b'] }),
  aReview({ id: 1, userId: 'u8', userName: 'Alan Turing', photos: ['/api/media/review-photos/c'], reviewText: null }),
];

const reviewsPage = (offset: number) => `/api/brands/5/reviews?limit=10&offset=${offset}`;

const photosPage = (offset: number) => `/api/brands/5/photos?limit=24&offset=${offset}`;

/** Every photo of these reviews as GET /api/brands/5/photos lists them, in the reviews' order. */
const photosOf = (reviews: Review[]): ReviewPhoto[] =>
  reviews.flatMap((review) =>
    review.photos.map((url, position) => ({ url, credit: review.userName, reviewId: review.id, position })),
  );

/**
 * The brand page's calls: the first page of `reviews` (all of them, when ten or fewer), their photos, and the
 * signed-in member's own review among them (or null).
 */
function pageCalls(reviews: () => Review[], extra: Record<string, () => Response> = {}) {
  return {
    'GET /api/brands/5': () => json(200, brand),
    'POST /api/brands/5/view': () => json(201, { views: 11 }),
    'GET /api/brands/5/saved': () => json(200, { isSaved: false }),
    [`GET ${reviewsPage(0)}`]: () => page(reviews().slice(0, 10), reviews().length),
    'GET /api/brands/5/reviews/mine': () => json(200, reviews().find((review) => review.userId === member.id) ?? null),
    [`GET ${photosPage(0)}`]: () => page(photosOf(reviews()).slice(0, 24), photosOf(reviews()).length),
    ...extra,
  };
}

const posted = (calls: RecordedCall[], url: string) =>
  calls.filter((call) => call.init.method === 'POST' && call.url === url);
const gets = (calls: RecordedCall[], url: string) =>
  calls.filter((call) => (call.init.method ?? 'GET') === 'GET' && call.url === url);
const toastText = () => screen.getByRole('status').textContent ?? '';

function pick(files: File[]) {
  fireEvent.change(screen.getByLabelText('Add photos'), { target: { files } });
}

function rate(category: string, stars: number) {
  fireEvent.click(screen.getByRole('radio', { name: `${category}: ${stars} ${stars === 1 ? 'star' : 'stars'}` }));
}

beforeEach(() => dismissToast());
afterEach(() => dismissToast());

describe('brand page reviews', () => {
  it('lists reviews with their four ratings, date and name, claims no verified purchase, and asks guests to log in', async () => {
    stubFetch({ ...signedOut, ...pageCalls(() => [aReview({ reviewText: '<b>bold</b> <script>alert(1)</script>' })]) });
    renderRoute('/brand/5');
    const review = await screen.findByRole('article', { name: 'Review by Grace Hopper' });
    expect(within(review).queryByText(/Verified/)).toBeNull();
    expect(within(review).getByText('14 March 2026')).toBeTruthy();
    expect(within(review).getByText('Speed').nextSibling?.textContent).toBe('5/5');
    expect(within(review).getByText('Sustainability').nextSibling?.textContent).toBe('2/5');
    expect(within(review).getByRole('img', { name: 'Rated 4 out of 5' })).toBeTruthy();
    // Markup in user content is shown as text, never turned into elements.
    expect(within(review).getByText('<b>bold</b> <script>alert(1)</script>')).toBeTruthy();
    expect(review.querySelector('script, b')).toBeNull();
    expect(screen.getByText('Please log in to write a review')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit Review' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Reviews (1)' })).toBeTruthy();
  });

  it("scrolls to the form with 'Review' and to the reviews from the rating summary", async () => {
    stubFetch({ ...signedIn, ...pageCalls(() => []) });
    const scrolled: string[] = [];
    vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(function (this: HTMLElement) {
      scrolled.push(this.id);
    });
    renderRoute('/brand/5');
    await screen.findByRole('button', { name: 'Submit Review' });
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    fireEvent.click(screen.getByRole('button', { name: /Community rating/ }));
    expect(scrolled).toEqual(['write-review', 'reviews']);
    expect(
      document.getElementById('write-review')?.contains(screen.getByRole('button', { name: 'Submit Review' })),
    ).toBe(true);
  });

  it("says 'Failed to fetch reviews' when the list cannot be read", async () => {
    stubFetch({
      ...signedOut,
      ...pageCalls(() => [], { [`GET ${reviewsPage(0)}`]: () => json(500, { message: 'boom' }) }),
    });
    renderRoute('/brand/5');
    expect(await screen.findByText('Failed to fetch reviews')).toBeTruthy();
  });

  it('tells a member who has reviewed this brand so, instead of the form', async () => {
    stubFetch({ ...signedIn, ...pageCalls(() => [aReview({ userId: member.id })]) });
    renderRoute('/brand/5');
    expect(await screen.findByText('You have already reviewed this brand')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit Review' })).toBeNull();
  });

  it("reads ten at a time with 'Show more reviews', counts the server's total and knows the member's own review beyond the first page", async () => {
    const twelve = Array.from({ length: 12 }, (_, index) =>
      aReview({ id: 100 - index, userId: index === 11 ? member.id : `u${index}`, userName: `Reviewer ${index + 1}` }),
    );
    const calls = stubFetch({
      ...signedIn,
      ...pageCalls(() => twelve),
      [`GET ${reviewsPage(10)}`]: () => page(twelve.slice(10), 12),
    });
    renderRoute('/brand/5');
    expect(await screen.findByRole('heading', { name: 'Reviews (12)' })).toBeTruthy();
    expect(await screen.findByText('You have already reviewed this brand')).toBeTruthy();
    expect(screen.getAllByRole('article', { name: /^Review by / })).toHaveLength(10);
    expect(screen.queryByRole('article', { name: 'Review by Reviewer 12' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show more reviews' }));
    expect(await screen.findByRole('article', { name: 'Review by Reviewer 12' })).toBeTruthy();
    expect(screen.getAllByRole('article', { name: /^Review by / })).toHaveLength(12);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Show more reviews' })).toBeNull());
    expect(gets(calls, reviewsPage(10))).toHaveLength(1);
  });

  it('refuses incomplete ratings with the toast and the inline message, and sends nothing', async () => {
    const calls = stubFetch({ ...signedIn, ...pageCalls(() => [aReview()]) });
    renderRoute('/brand/5');
    await screen.findByRole('button', { name: 'Submit Review' });
    rate('Speed', 4);
    rate('Ease', 3);
    fireEvent.click(screen.getByRole('button', { name: 'Submit Review' }));
    // The form loads the service's schema when sent (it is not part of the brand page's bundle).
    expect((await screen.findByRole('alert')).textContent).toBe('Please rate all categories to submit your review');
    expect(toastText()).toContain('Please complete all ratings');
    expect(toastText()).toContain('All four category ratings are required to submit your review.');
    expect(posted(calls, '/api/brands/5/reviews')).toHaveLength(0);
  });

  it('shows the live average to one decimal as stars are chosen', async () => {
    stubFetch({ ...signedIn, ...pageCalls(() => []) });
    renderRoute('/brand/5');
    await screen.findByRole('button', { name: 'Submit Review' });
    const average = screen.getByTestId('live-average');
    expect(average.textContent).toBe('–');
    rate('Speed', 4);
    expect(average.textContent).toBe('4.0');
    rate('Ease', 3);
    expect(average.textContent).toBe('3.5');
    rate('Quality', 5);
    rate('Sustainability', 5);
    expect(average.textContent).toBe('4.3');
    expect((screen.getByRole('radio', { name: 'Quality: 5 stars' }) as HTMLInputElement).checked).toBe(true);
  });

  it('sends the review with photos, thanks the member, resets the form and refetches reviews and the brand', async () => {
    let reviews: Review[] = [];
    const calls = stubFetch({
      ...signedIn,
      ...pageCalls(() => reviews, {
        'POST /api/brands/5/reviews': () => {
          reviews = [aReview({ id: 7, userId: 'someone-else', userName: 'Ada' })];
          return json(201, reviews[0]);
        },
      }),
    });
    renderRoute('/brand/5');
    await screen.findByRole('button', { name: 'Submit Review' });
    rate('Speed', 5);
    rate('Ease', 4);
    rate('Quality', 4);
    rate('Sustainability', 4);
    fireEvent.change(screen.getByLabelText(/Your review/), { target: { value: '  Great fit.  ' } });
    pick([new File([new Uint8Array([137, 80, 78, 71])], 'fit.png', { type: 'image/png' })]);
    expect(await screen.findByAltText('Photo 1 to upload: fit.png')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Submit Review' }));

    expect(await screen.findByText('Review submitted!')).toBeTruthy();
    expect(screen.getByText('Thanks for sharing your experience.')).toBeTruthy();
    const [call] = posted(calls, '/api/brands/5/reviews');
    const body = JSON.parse(String(call?.init.body)) as Record<string, unknown>;
    expect(body).toMatchObject({
      brandId: 5,
      userId: member.id,
      rating: 4,
      speedRating: 5,
      easeRating: 4,
      qualityRating: 4,
      sustainabilityRating: 4,
      reviewText: 'Great fit.',
    });
    expect(body.photos).toEqual([expect.stringMatching(/^data:image\/png;base64,/)]);
    await waitFor(() => expect(gets(calls, reviewsPage(0))).toHaveLength(2));
    await waitFor(() => expect(gets(calls, '/api/brands/5/reviews/mine')).toHaveLength(2));
    await waitFor(() => expect(gets(calls, photosPage(0))).toHaveLength(2));
    await waitFor(() => expect(gets(calls, '/api/brands/5')).toHaveLength(2));
    expect(screen.getByTestId('live-average').textContent).toBe('–');
    expect((screen.getByLabelText(/Your review/) as HTMLTextAreaElement).value).toBe('');
    expect(screen.queryByAltText('Photo 1 to upload: fit.png')).toBeNull();
  });

  it("shows the server's reason when a review is refused", async () => {
    stubFetch({
      ...signedIn,
      ...pageCalls(() => [], {
        'POST /api/brands/5/reviews': () =>
          json(409, { statusCode: 409, message: 'You have already reviewed this brand.' }),
      }),
    });
    renderRoute('/brand/5');
    await screen.findByRole('button', { name: 'Submit Review' });
    for (const category of ['Speed', 'Ease', 'Quality', 'Sustainability']) rate(category, 3);
    fireEvent.click(screen.getByRole('button', { name: 'Submit Review' }));
    expect(await screen.findByText('Failed to submit review')).toBeTruthy();
    expect(screen.getByText('You have already reviewed this brand.')).toBeTruthy();
  });

  it('accepts up to three image files under 10MB, each removable, and refuses others with a toast', async () => {
    stubFetch({ ...signedIn, ...pageCalls(() => []) });
    renderRoute('/brand/5');
    await screen.findByRole('button', { name: 'Submit Review' });

    pick([new File(['hello'], 'notes.txt', { type: 'text/plain' })]);
    expect(toastText()).toContain('Invalid file type');
    expect(toastText()).toContain('Please select an image file');

    const huge = new File(['x'], 'huge.jpg', { type: 'image/jpeg' });
    Object.defineProperty(huge, 'size', { value: 10_485_760 });
    pick([huge]);
    expect(toastText()).toContain('File too large');
    expect(toastText()).toContain('huge.jpg is 10.0 MB');

    const image = (name: string) => new File([new Uint8Array([255, 216, 255])], name, { type: 'image/jpeg' });
    pick([image('a.jpg'), image('b.jpg')]);
    expect(await screen.findByAltText('Photo 2 to upload: b.jpg')).toBeTruthy();
    pick([image('c.jpg'), image('d.jpg')]);
    expect(await screen.findByAltText('Photo 3 to upload: c.jpg')).toBeTruthy();
    expect(screen.queryByAltText(/d\.jpg/)).toBeNull();
    expect(toastText()).toContain('Too many photos');
    // The picker goes away once three are chosen, and comes back when one is removed.
    expect(screen.queryByLabelText('Add photos')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    expect(screen.queryByAltText(/a\.jpg/)).toBeNull();
    expect(screen.getByLabelText('Add photos')).toBeTruthy();
  });
});

describe('brand page photos', () => {
  it('puts review photos in the carousel with their reviewer as the credit', async () => {
    stubFetch({ ...signedOut, ...pageCalls(() => withPhotos) });
    renderRoute('/brand/5');
    expect(await screen.findByText('1 / 4')).toBeTruthy();
    expect(screen.getByText('Photo by Maison Rose')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Previous photo' })[0]!);
    expect(screen.getByText('4 / 4')).toBeTruthy();
    expect(screen.getByText('Photo by Alan Turing')).toBeTruthy();
  });

  it('opens the gallery, then a lightbox that moves with the arrow keys, wraps around and closes on Escape', async () => {
    stubFetch({ ...signedOut, ...pageCalls(() => withPhotos) });
    renderRoute('/brand/5');
    fireEvent.click(await screen.findByRole('button', { name: 'View All Photos (4)' }));
    const gallery = await screen.findByRole('dialog', { name: 'All Photos (4)' });
    fireEvent.click(within(gallery).getByRole('button', { name: 'Open photo 2 of 4, by Grace Hopper' }));

    const lightbox = await screen.findByRole('dialog', { name: 'Photo viewer' });
    expect(within(lightbox).getByText('2 / 4')).toBeTruthy();
    expect(lightbox.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(lightbox, { key: 'ArrowRight' });
    expect(within(lightbox).getByText('3 / 4')).toBeTruthy();
    fireEvent.keyDown(lightbox, { key: 'ArrowRight' });
    fireEvent.keyDown(lightbox, { key: 'ArrowRight' });
    expect(within(lightbox).getByText('1 / 4')).toBeTruthy();
    expect(within(lightbox).getByText('Photo by Maison Rose')).toBeTruthy();
    fireEvent.keyDown(lightbox, { key: 'ArrowLeft' });
    expect(within(lightbox).getByText('4 / 4')).toBeTruthy();
    expect(within(lightbox).getByText('Photo by Alan Turing')).toBeTruthy();

    fireEvent.keyDown(document.activeElement ?? lightbox, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Photo viewer' })).toBeNull());
    // Only the lightbox closed: the gallery is still there underneath.
    expect(screen.getByRole('dialog', { name: 'All Photos (4)' })).toBeTruthy();
  });

  it("opens a review's thumbnail in a lightbox of that review's photos", async () => {
    stubFetch({ ...signedOut, ...pageCalls(() => withPhotos) });
    renderRoute('/brand/5');
    fireEvent.click(await screen.findByRole('button', { name: "Open photo 2 from Grace Hopper's review" }));
    const lightbox = await screen.findByRole('dialog', { name: 'Photo viewer' });
    expect(within(lightbox).getByText('2 / 2')).toBeTruthy();
    expect(within(lightbox).getByRole('img', { name: "Photo 2 from Grace Hopper's review" })).toBeTruthy();
    fireEvent.keyDown(lightbox, { key: 'ArrowRight' });
    expect(within(lightbox).getByText('1 / 2')).toBeTruthy();
    expect(within(lightbox).getByText('Photo by Grace Hopper')).toBeTruthy();
  });

  it('reads the photos a page of 24 at a time: the carousel reads the page it reaches, the gallery the next as asked', async () => {
    // 30 reviews with one photo each: the brand's image and 30 photos, two pages.
    const many = Array.from({ length: 30 }, (_, index) =>
      aReview({
        id: 100 - index,
        userId: `u${index}`,
        userName: `Reviewer ${index + 1}`,
        photos: [`/api/media/review-photos/p${index + 1}`],
      }),
    );
    const calls = stubFetch({
      ...signedOut,
      ...pageCalls(() => many),
      [`GET ${photosPage(24)}`]: () => page(photosOf(many).slice(24), 30),
    });
    renderRoute('/brand/5');
    expect(await screen.findByText('1 / 31')).toBeTruthy();
    expect(gets(calls, photosPage(24))).toHaveLength(0);

    // Back from the first wraps to the last photo, on the second page.
    fireEvent.click(screen.getAllByRole('button', { name: 'Previous photo' })[0]!);
    expect(screen.getByText('31 / 31')).toBeTruthy();
    expect(await screen.findByText('Photo by Reviewer 30')).toBeTruthy();
    expect(gets(calls, photosPage(24))).toHaveLength(1);

    // The reviews (and their gallery) are drawn after the page's own details, with their own script.
    fireEvent.click(await screen.findByRole('button', { name: 'View All Photos (31)' }));
    const gallery = await screen.findByRole('dialog', { name: 'All Photos (31)' });
    expect(within(gallery).getAllByRole('button', { name: /^Open photo \d+ of 31/ })).toHaveLength(25);
    fireEvent.click(within(gallery).getByRole('button', { name: 'Show more photos' }));
    const last = await within(gallery).findByRole('button', { name: 'Open photo 31 of 31, by Reviewer 30' });
    expect(within(gallery).getAllByRole('button', { name: /^Open photo \d+ of 31/ })).toHaveLength(31);
    expect(within(gallery).queryByRole('button', { name: 'Show more photos' })).toBeNull();
    // The second page was read once, and shared by the carousel and the gallery.
    expect(gets(calls, photosPage(24))).toHaveLength(1);

    fireEvent.click(last);
    const lightbox = await screen.findByRole('dialog', { name: 'Photo viewer' });
    fireEvent.keyDown(lightbox, { key: 'ArrowRight' });
    expect(within(lightbox).getByText('1 / 31')).toBeTruthy();
    expect(within(lightbox).getByText('Photo by Maison Rose')).toBeTruthy();
  });
});

describe('brand page comments', () => {
  const commentsPage = (offset: number) => `/api/brands/5/comments?limit=20&offset=${offset}`;
  const anHourAgo = () => new Date(Date.now() - 60 * 60 * 1000).toISOString();
  const comments = (): Comment[] => [
    {
      id: 2,
      brandId: 5,
      userId: 'u9',
      content: '<img src=x onerror=alert(1)> nice',
      userName: 'Grace Hopper',
      userProfileImage: '/avatars/grace.png',
      createdAt: anHourAgo(),
    },
    {
      id: 1,
      brandId: 5,
      userId: 'u8',
      content: 'First!',
      userName: 'Anonymous',
      userProfileImage: null,
      createdAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
    },
  ];

  it('stays hidden and unfetched until opened, then lists comments as text', async () => {
    const calls = stubFetch({
      ...signedOut,
      ...pageCalls(() => []),
      [`GET ${commentsPage(0)}`]: () => page(comments(), 2),
    });
    renderRoute('/brand/5');
    const toggle = await screen.findByRole('button', { name: 'Comments' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await screen.findByText('Please log in to write a review');
    expect(gets(calls, commentsPage(0))).toHaveLength(0);

    fireEvent.click(toggle);
    const item = (await screen.findByText('<img src=x onerror=alert(1)> nice')).closest('li')!;
    expect(item.querySelector('img[src="x"]')).toBeNull();
    expect(within(item).getByText('Grace Hopper')).toBeTruthy();
    expect(within(item).getByText('about 1 hour ago')).toBeTruthy();
    expect(item.querySelector('img[src="/avatars/grace.png"]')).toBeTruthy();
    expect(screen.getByText('Anonymous')).toBeTruthy();
    expect(screen.getByText('3 days ago')).toBeTruthy();
    expect(screen.getByText('You need to be signed in to post comments.')).toBeTruthy();
    expect(gets(calls, commentsPage(0))).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Hide Comments' }));
    expect(screen.queryByText('First!')).toBeNull();
    expect(screen.getByRole('button', { name: 'Comments (2)' })).toBeTruthy();
  });

  it("reads 20 at a time, offers 'Show more comments' while more remain, and counts the server's total", async () => {
    const many = (from: number, count: number): Comment[] =>
      Array.from({ length: count }, (_, index) => ({
        ...comments()[1]!,
        id: 100 - from - index,
        content: `Comment ${from + index + 1}`,
      }));
    const calls = stubFetch({
      ...signedOut,
      ...pageCalls(() => []),
      [`GET ${commentsPage(0)}`]: () => page(many(0, 20), 25),
      [`GET ${commentsPage(20)}`]: () => page(many(20, 5), 25),
    });
    renderRoute('/brand/5');
    fireEvent.click(await screen.findByRole('button', { name: 'Comments' }));
    expect(await screen.findByText('Comment 20')).toBeTruthy();
    expect(screen.queryByText('Comment 21')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show more comments' }));
    expect(await screen.findByText('Comment 25')).toBeTruthy();
    expect(screen.getAllByText(/^Comment \d+$/)).toHaveLength(25);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Show more comments' })).toBeNull());
    expect(gets(calls, commentsPage(20))).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Hide Comments' }));
    expect(screen.getByRole('button', { name: 'Comments (25)' })).toBeTruthy();
  });

  it('counts the characters left, posts a comment, clears the box and refreshes the list', async () => {
    let list = comments();
    const calls = stubFetch({
      ...signedIn,
      ...pageCalls(() => []),
      [`GET ${commentsPage(0)}`]: () => page(list, list.length),
      'POST /api/brands/5/comments': () => {
        list = [{ ...list[1]!, id: 3, userId: member.id, userName: 'Ada', content: 'Love it' }, ...list];
        return json(201, list[0]);
      },
    });
    renderRoute('/brand/5');
    fireEvent.click(await screen.findByRole('button', { name: 'Comments' }));
    const box = await screen.findByLabelText('Write a comment');
    const post = screen.getByRole('button', { name: 'Post' }) as HTMLButtonElement;
    expect(screen.getByText('500 characters remaining')).toBeTruthy();
    expect(post.disabled).toBe(true);
    fireEvent.change(box, { target: { value: '   ' } });
    expect(post.disabled).toBe(true);
    fireEvent.change(box, { target: { value: '  Love it  ' } });
    expect(screen.getByText('489 characters remaining')).toBeTruthy();
    expect(box.getAttribute('maxlength')).toBe('500');
    fireEvent.click(post);

    expect(await screen.findByText('Comment posted!')).toBeTruthy();
    expect(JSON.parse(String(posted(calls, '/api/brands/5/comments')[0]?.init.body))).toEqual({ content: 'Love it' });
    expect((box as HTMLTextAreaElement).value).toBe('');
    expect(await screen.findByText('Love it')).toBeTruthy();
    expect(gets(calls, commentsPage(0))).toHaveLength(2);
  });

  it("on a 401 says 'Please sign in' and sends the visitor to /api/login after 2000 ms", async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    stubFetch({
      ...signedIn,
      ...pageCalls(() => []),
      [`GET ${commentsPage(0)}`]: () => page([], 0),
      'POST /api/brands/5/comments': () => json(401, { message: 'Unauthorized' }),
    });
    renderRoute('/brand/5');
    fireEvent.click(await screen.findByRole('button', { name: 'Comments' }));
    fireEvent.change(await screen.findByLabelText('Write a comment'), { target: { value: 'Hi' } });
    // The 2 s on the test's clock, moved on once the toast is shown rather than waited for.
    useTestClock();
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    await findOnTestClock(() => screen.getByText('Please sign in'));
    // Its timer was set with the toast, within the test clock's last millisecond.
    await act(() => vi.advanceTimersByTimeAsync(1998));
    expect(assign).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(2));
    expect(assign).toHaveBeenCalledWith('/api/login');
  });

  it('says so when a comment fails for another reason', async () => {
    stubFetch({
      ...signedIn,
      ...pageCalls(() => []),
      [`GET ${commentsPage(0)}`]: () => page([], 0),
      'POST /api/brands/5/comments': () => json(500, { message: 'boom' }),
    });
    renderRoute('/brand/5');
    fireEvent.click(await screen.findByRole('button', { name: 'Comments' }));
    fireEvent.change(await screen.findByLabelText('Write a comment'), { target: { value: 'Hi' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    });
    expect(await screen.findByText('Failed to post comment. Please try again.')).toBeTruthy();
  });
});

describe("a former member's review and comment (their account deleted, issue 36)", () => {
  it("show 'Former member' with the placeholder avatar, and are nobody's own review", async () => {
    const former = aReview({ id: 3, userId: null, userName: FORMER_MEMBER_NAME, reviewText: 'Still lovely linen.' });
    const comment: Comment = {
      id: 7,
      brandId: 5,
      userId: null,
      content: 'Do they ship to Spain?',
      userName: FORMER_MEMBER_NAME,
      userProfileImage: null,
      createdAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
    };
    stubFetch({
      ...signedIn,
      ...pageCalls(() => [former]),
      'GET /api/brands/5/comments?limit=20&offset=0': () => page([comment], 1),
    });
    renderRoute('/brand/5');
    const review = await screen.findByRole('article', { name: `Review by ${FORMER_MEMBER_NAME}` });
    expect(within(review).getByText(FORMER_MEMBER_NAME)).toBeTruthy();
    expect(within(review).getByText('Still lovely linen.')).toBeTruthy();
    expect(within(review).getByRole('img', { name: 'Rated 4 out of 5' })).toBeTruthy();
    // The signed-in member may still write their own review: a former member's is nobody's.
    expect(screen.getByRole('button', { name: 'Submit Review' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Comments' }));
    const item = (await screen.findByText('Do they ship to Spain?')).closest('li')!;
    expect(within(item).getByText(FORMER_MEMBER_NAME)).toBeTruthy();
    expect(item.querySelector('img')).toBeNull();
    expect(item.querySelector('svg')).toBeTruthy();
  });
});
