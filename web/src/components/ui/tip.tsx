import type { ReactNode } from 'react';

/** One line of advice beside a form: a small icon tile, then the text. Goes in a `<ul>`. */
export function Tip({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <span className="mt-0.5 flex h-7 w-7 shrink-0 items-center justify-center rounded-xl bg-white text-brand-600 shadow-xs [&_svg]:h-4 [&_svg]:w-4">
        {icon}
      </span>
      <span>{children}</span>
    </li>
  );
}

/** The card of tips beside a form: a title, then its `Tip`s. */
export function TipsCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="rounded-3xl border border-brand-100 bg-gradient-to-br from-brand-50 to-white p-6 shadow-sm">
      <h2 className="font-bold text-stone-900">{title}</h2>
      <ul className="mt-4 space-y-4 text-sm leading-6 text-stone-600">{children}</ul>
    </div>
  );
}
