/** The client's question and photos as they went with the booking (the photo URLs open only for its two people). */
export function BookingQuestionView({ notes, photoUrls }: { notes: string | null; photoUrls: readonly string[] }) {
  if (!notes && photoUrls.length === 0) return null;
  return (
    <section aria-label="Your question" className="mt-4 rounded-2xl bg-stone-50 px-4 py-3.5 text-sm">
      <h3 className="text-xs font-semibold tracking-wide text-stone-500 uppercase">Your question</h3>
      {notes ? <p className="mt-1.5 leading-6 break-words whitespace-pre-line text-stone-800">{notes}</p> : null}
      {photoUrls.length > 0 ? (
        <ul aria-label="Your photos" className="mt-2.5 flex flex-wrap gap-2">
          {photoUrls.map((url, index) => (
            <li key={url}>
              <a
                href={url}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`Open photo ${index + 1} (opens in a new window)`}
                className="block overflow-hidden rounded-xl ring-1 ring-stone-200 transition-shadow hover:shadow-md focus-visible:ring-4 focus-visible:ring-brand-200 focus-visible:outline-none"
              >
                <img src={url} alt={`Photo ${index + 1}`} loading="lazy" className="h-16 w-16 object-cover sm:h-20 sm:w-20" />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
