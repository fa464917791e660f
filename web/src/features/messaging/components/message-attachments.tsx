/**
 * The photos a message carries (the client's booking photos, on the message with their question): thumbnails, each
 * a link that opens the full photo in a new tab. The URLs are served by bookings to the two participants only, so
 * they are plain links, not something to cache or share.
 */
export function MessageAttachments({ urls }: { urls: readonly string[] | undefined }) {
  // Messages from before attachments existed (or a socket event of an older server) carry none.
  if (!urls || urls.length === 0) return null;
  return (
    <ul aria-label="Attached photos" className="mt-1.5 flex max-w-[85%] flex-wrap gap-2 sm:max-w-[70%]">
      {urls.map((url, index) => (
        <li key={url}>
          <a
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Open photo ${index + 1} of ${urls.length} (opens in a new window)`}
            className="block overflow-hidden rounded-xl ring-1 ring-stone-200 transition-shadow hover:shadow-md focus-visible:ring-4 focus-visible:ring-brand-200 focus-visible:outline-none"
          >
            <img
              src={url}
              alt={`Photo ${index + 1}`}
              loading="lazy"
              className="h-24 w-24 object-cover sm:h-28 sm:w-28"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
