import { Link } from 'react-router-dom';
import { BRAND_CATEGORIES, FOOTER_CATEGORY_COUNT } from '@/config/constants';
import { paths } from '@/config/paths';

const exploreLinks = [
  { to: paths.today.getHref(), label: "Today's Picks" },
  { to: paths.brands.getHref(), label: 'All Brands' },
  { to: paths.bookAHunter.getHref(), label: 'Book a Hunter' },
];

const helpLinks = [
  { to: paths.faq.getHref(), label: 'FAQ' },
  { to: paths.contact.getHref(), label: 'Contact' },
];

const legalLinks = [
  { to: paths.terms.getHref(), label: 'Terms' },
  { to: paths.hunterTerms.getHref(), label: 'Hunter terms' },
  { to: paths.privacy.getHref(), label: 'Privacy' },
  { to: paths.cookies.getHref(), label: 'Cookies' },
];

export function Footer() {
  const categories = BRAND_CATEGORIES.slice(0, FOOTER_CATEGORY_COUNT);
  return (
    <footer className="mt-auto border-t border-stone-200 bg-white">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 sm:px-6 lg:grid-cols-5 lg:px-8">
        <div className="col-span-2 lg:col-span-1">
          <Link to={paths.home.getHref()} className="text-lg font-extrabold tracking-tight text-stone-900">
            Hunted
          </Link>
          <p className="mt-3 max-w-xs text-sm leading-6 text-stone-600">
            Hunted helps you discover and support independent European brands.
          </p>
        </div>
        <FooterColumn title="Explore" links={exploreLinks} />
        <FooterColumn
          title="Categories"
          links={categories.map((category) => ({ to: paths.brands.getHref({ category }), label: category }))}
        />
        <FooterColumn title="Help" links={helpLinks} />
        <FooterColumn title="Legal" links={legalLinks} />
      </div>
      <div className="border-t border-stone-100">
        <p className="mx-auto max-w-6xl px-4 py-5 text-xs text-stone-500 sm:px-6 lg:px-8">
          © {new Date().getFullYear()} Hunted. Made for independent brands.
        </p>
      </div>
    </footer>
  );
}

function FooterColumn({ title, links }: { title: string; links: { to: string; label: string }[] }) {
  return (
    <nav aria-label={title}>
      <h2 className="text-xs font-semibold tracking-wider text-stone-900 uppercase">{title}</h2>
      <ul className="mt-4 space-y-2.5">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="text-sm text-stone-600 transition-colors hover:text-brand-700">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
