import type { ReactNode } from 'react';
import { cn } from './cn';

/** The frame of every page: a document title, a heading, an optional lead line, then the content. */
export function Page({
  title,
  description,
  children,
  className,
}: {
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8', className)}>
      <title>{`${title} · Hunted`}</title>
      <h1 className="text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl">{title}</h1>
      {description ? <p className="mt-3 max-w-2xl text-base text-stone-600 sm:text-lg">{description}</p> : null}
      {children ? <div className="mt-8">{children}</div> : null}
    </div>
  );
}

/** A centred message card, for states such as signing in or a missing page. */
export function Notice({
  icon,
  title,
  description,
  children,
}: {
  icon?: ReactNode;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="mx-auto flex w-full max-w-lg flex-col items-center px-4 py-20 text-center sm:py-28">
      <title>{`${title} · Hunted`}</title>
      {icon ? (
        <div className="mb-6 flex h-14 w-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-600">
          {icon}
        </div>
      ) : null}
      <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">{title}</h1>
      {description ? <p className="mt-3 text-base text-stone-600">{description}</p> : null}
      {children ? <div className="mt-8 flex flex-wrap items-center justify-center gap-3">{children}</div> : null}
    </div>
  );
}

/** A message card inside a page: an access notice, or a section that has nothing to show yet. */
export function NoticeCard({
  icon,
  title,
  description,
  children,
  className,
}: {
  icon: ReactNode;
  title: string;
  description: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'mx-auto flex max-w-lg flex-col items-center rounded-3xl border border-stone-200 bg-white px-6 py-12 text-center shadow-sm sm:px-10',
        className,
      )}
    >
      <div className="mb-5 flex h-14 w-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-600 [&_svg]:h-6 [&_svg]:w-6">
        {icon}
      </div>
      <h2 className="text-xl font-bold text-stone-900 sm:text-2xl">{title}</h2>
      <p className="mt-2 text-sm leading-6 text-stone-600 sm:text-base">{description}</p>
      {children ? <div className="mt-7">{children}</div> : null}
    </div>
  );
}
