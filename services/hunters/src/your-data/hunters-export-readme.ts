/** The README.md of hunters' part of a data export: what each file is (issue 36). */
export const HUNTERS_EXPORT_README = `# Hunted: what the hunters service holds about you

The hunters service keeps hunter profiles and everything around them: availability, how sessions are joined,
Hunter Edits, go-to brands, vetting and Hunter's Pick. Every file below is always here; a file is \`null\` or
\`[]\` when you have nothing of that kind (for example every hunter file, if you never made a hunter profile).
Dates and times are UTC (ISO 8601) unless the field is a calendar date (\`YYYY-MM-DD\`, London's day).

| File | What it is |
|---|---|
| \`profile.json\` | Your hunter profile, every field as stored: name, bio, photo URL, Instagram, location, specialties, services, languages, years of experience, session types and prices, availability status, rating and review count (from reviews), sessions held, whether you are featured and take paid bookings, your vetting status and its reason, the value tags of the brands you know, and when it was created, submitted and last changed. |
| \`photos.json\` and \`photos/\` | Every photo you uploaded here (profile photos, photos for your edits, a photo waiting in a revision), and the photos of the edits you received; each with its id, URL, kind, why it is here, when it was uploaded, and its file in \`photos/\` (the bytes as stored: metadata such as GPS was removed on upload). |
| \`availability.json\` | Your weekly hours (\`weekday\` 1 = Monday … 7 = Sunday, the hour labels you offer), the dates with hours of their own (\`exceptions\`) and your blocked dates (days off, \`blockedDates\`). |
| \`joining-details.json\` | How your sessions happen: your WhatsApp numbers for voice and video sessions, and your meeting area and address for sessions in person. |
| \`edits-sent.json\` | The Hunter Edits you sent as a hunter: title, note, publication state and its dates, the booking and client they were for, and each item (brand, item name, product link, photo URL, why). |
| \`edits-received.json\` | The Hunter Edits hunters sent you as a client, with the same fields and items (their photos are in \`photos/\`). |
| \`go-to-brands.json\` | Your go-to brands, in your order, with each brand's name. |
| \`vetting-history.json\` | Every decision on your profile: approvals, rejections, suspensions, reinstatements, your resubmissions, and each step of your revisions, with the reason and when. |
| \`profile-revisions.json\` | Every change you made to a vetted field of an approved profile (name, photo, bio, Instagram, specialties): the proposed values, the values live then, its status and the decision. |
| \`hunters-pick.json\` | Your place in the Hunter's Pick rota and each day you were the day's hunter, with the brand and note you picked. |
| \`sessions.json\` | This service's copy of your bookings (as a client or as the hunter), as the bookings service described them: it decides whether an edit may be sent for a session. The bookings themselves are in the bookings part. |
| \`name-copy.json\` | This service's copy of your name and picture from your account, used to name you on edits. |
| \`upload-counts.json\` | How many photos you uploaded here per day, counted for the daily upload allowance. |
`;
