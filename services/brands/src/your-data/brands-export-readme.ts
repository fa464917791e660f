/** The README of the directory's part of an archive: what each file holds, in plain words. */
export const BRANDS_EXPORT_README = `# brands/ — the directory

What the Hunted directory (brands, votes, saves, the style passport) holds about you. Times are UTC (ISO 8601).

- votes.json — every vote you cast: the brand, when, and the IP address it came from. An address is kept for 30
  days (VOTE_IP_RETENTION_DAYS) and then cleared; older votes show null.
- saves.json — the brands you saved, newest first, and when.
- filter-habits.json — how often you filtered the directory by a value tag or a price level while signed in
  (kind, value, uses, when last used). This is the style passport's "filter habits"; no other search is kept.
- passport-grants.json — your bookings for which the hunter may read your style passport: the parts you shared
  ("shared"), the session, and until when the hunter may read it ("hunterMayReadUntil"; null once cancelled).
  The passport itself is not stored: it is read from your saves, votes, reviews and filter habits when asked.
- submissions.json — the brands showing an image one of your brand forms brought. A submitted brand is live at
  once and belongs to the directory; Hunted keeps no other record of who submitted it.
- images.json and images/ — every brand image you uploaded or had fetched from a link: the file, when it was
  stored, the link it came from, and the brands showing it now.

The ratings of your reviews (which brands you reviewed) are in the reviews/ part.
`;
