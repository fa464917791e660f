/** The README of the reviews part of an archive: what each file holds, in plain words. */
export const REVIEWS_EXPORT_README = `# reviews/ — reviews, photos and comments

What Hunted's reviews service holds about you. Times are UTC (ISO 8601).

- brand-reviews.json — every review of a brand you wrote: the four category ratings, the overall rating, your text,
  when, and your photos ("photoFiles", the files in photos/).
- photos/ — the photos of your brand reviews, as stored (cleaned of location and camera data when you uploaded them).
- comments.json — every comment you wrote on a brand's page.
- hunter-reviews-written.json — every review of a hunter you wrote as a client (hidden ones too), with the hunter's
  reply when there is one.
- hunter-reviews-received.json — if you are a hunter: the reviews of your sessions, as the public page showed the
  reviewer, and your replies ("reply").
- reports.json — what you reported to the moderators (brand reviews, comments, reviews of hunters), why, and
  whether a moderator has answered it yet.
- appeals.json — your appeals of something of yours a moderator hid, and what became of it.

Names are joined from your account when shown: this service keeps a copy of your first and last name and your
photo's address to show beside what you wrote (it is the account's, in the identity/ part).
`;
