import { useId, type ReactNode } from 'react';
import { cn } from '@/components/ui/cn';

/**
 * A titled card of a settings page (/edit-profile's email preferences, your data, account deletion): a region named
 * by its heading, so assistive technology and tests find it by name. `id` is the anchor a link can jump to;
 * `tone="danger"` marks what cannot be undone.
 */
export function SettingsSection({
  id,
  icon,
  title,
  description,
  tone = 'default',
  children,
  className,
}: {
  id?: string;
  icon: ReactNode;
  title: string;
  description: ReactNode;
  tone?: 'default' | 'danger';
  children?: ReactNode;
  className?: string;
}) {
  const headingId = useId();
  const danger = tone === 'danger';
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cn(
        'scroll-mt-24 rounded-3xl border bg-white p-6 shadow-sm sm:p-8',
        danger ? 'border-red-200' : 'border-stone-200',
        className,
      )}
    >
      <div className="flex items-start gap-3">
        <span
          className={cn(
            'flex h-10 w-10 shrink-0 items-center justify-center rounded-2xl [&_svg]:h-5 [&_svg]:w-5',
            danger ? 'bg-red-50 text-red-600' : 'bg-brand-50 text-brand-600',
          )}
          aria-hidden
        >
          {icon}
        </span>
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-bold text-stone-900">
            {title}
          </h2>
          <div className="mt-1 text-sm leading-6 text-stone-600">{description}</div>
        </div>
      </div>
      {children ? <div className="mt-6">{children}</div> : null}
    </section>
  );
}
