import { fullDateLabel, LEGAL_DOCUMENT_VERSIONS, type LegalDocument } from '@hunted/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { useSiteSettings } from '../api/get-site-settings';

export const inlineLink = 'font-semibold text-brand-700 underline-offset-4 hover:underline';

/** "3 December 2026" for "2026-12-03": the date as written, never shifted by the reader's time zone. */
export function versionDateLabel(isoDate: string): string {
  return fullDateLabel(isoDate);
}

const OTHER_DOCUMENTS: { document: LegalDocument; label: string; href: string }[] = [
  { document: 'terms', label: 'Terms of Service', href: paths.terms.getHref() },
  { document: 'hunterTerms', label: 'Hunter Terms', href: paths.hunterTerms.getHref() },
  { document: 'privacy', label: 'Privacy Notice', href: paths.privacy.getHref() },
  { document: 'cookies', label: 'Cookie Notice', href: paths.cookies.getHref() },
];

/**
 * The frame of every legal page: its title, the date of the version shown (from the contracts' one constant per
 * document, which acceptance records will name too), the sections, who the operator is, and the other documents.
 */
export function LegalDocumentPage({
  document,
  title,
  description,
  children,
}: {
  document: LegalDocument;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Page title={title} description={description}>
      <p className="text-sm font-medium text-stone-500">
        Last updated{' '}
        <time dateTime={LEGAL_DOCUMENT_VERSIONS[document]}>{versionDateLabel(LEGAL_DOCUMENT_VERSIONS[document])}</time>
      </p>
      <div className="mt-8 grid gap-10 lg:grid-cols-[minmax(0,1fr)_16rem]">
        <article className="max-w-3xl space-y-10 text-base leading-7 text-stone-700">{children}</article>
        <aside className="space-y-6 self-start lg:sticky lg:top-24">
          <OperatorCard />
          <nav aria-label="Legal documents" className="rounded-3xl border border-stone-200 bg-white p-5 shadow-sm">
            <h2 className="text-xs font-semibold tracking-wider text-stone-900 uppercase">Legal</h2>
            <ul className="mt-3 space-y-2 text-sm">
              {OTHER_DOCUMENTS.map((other) => (
                <li key={other.document}>
                  {other.document === document ? (
                    <span aria-current="page" className="font-semibold text-stone-900">
                      {other.label}
                    </span>
                  ) : (
                    <Link to={other.href} className="text-stone-600 transition-colors hover:text-brand-700">
                      {other.label}
                    </Link>
                  )}
                </li>
              ))}
            </ul>
          </nav>
        </aside>
      </div>
    </Page>
  );
}

/** One numbered part of a document: a heading a reader can jump to, then its paragraphs and lists. */
export function LegalSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-24 space-y-4">
      <h2 id={`${id}-title`} className="text-xl font-bold text-stone-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A bulleted list in a document's own type. */
export function LegalList({ children }: { children: ReactNode }) {
  return <ul className="list-disc space-y-2 pl-6 marker:text-stone-400">{children}</ul>;
}

/** The operator's name, address and email as the gateway is configured with them. */
function OperatorCard() {
  const site = useSiteSettings();
  return (
    <section aria-label="Who runs Hunted" className="rounded-3xl border border-stone-200 bg-white p-5 shadow-sm">
      <h2 className="text-xs font-semibold tracking-wider text-stone-900 uppercase">Who runs Hunted</h2>
      {site.isPending ? (
        <p role="status" className="mt-3 text-sm text-stone-500">
          Loading contact details...
        </p>
      ) : site.isError ? (
        <p className="mt-3 text-sm text-stone-600">Our contact details could not be loaded. Please reload the page.</p>
      ) : (
        <address className="mt-3 space-y-1 text-sm not-italic leading-6 text-stone-700">
          <span className="block font-semibold text-stone-900">{site.data.operator.name}</span>
          <span className="block">{site.data.operator.address}</span>
          <a href={`mailto:${site.data.operator.email}`} className={inlineLink}>
            {site.data.operator.email}
          </a>
        </address>
      )}
    </section>
  );
}

/** The operator's name in a sentence, or "the operator of Hunted" while it loads. */
export function OperatorName() {
  const site = useSiteSettings();
  return <>{site.data?.operator.name ?? 'the operator of Hunted'}</>;
}

/** The operator's email as a link in a sentence. */
export function OperatorEmail() {
  const site = useSiteSettings();
  if (!site.data) return <>the email address shown on this page</>;
  return (
    <a href={`mailto:${site.data.operator.email}`} className={inlineLink}>
      {site.data.operator.email}
    </a>
  );
}
