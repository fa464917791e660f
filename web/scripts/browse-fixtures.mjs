// Realistic answers for the directory pages, so they can be looked at without the services running.
const names = [
  ['Maison Rose', 'Dresses', 'France'], ['Nordic Knit Co.', 'Clothing', 'Sweden'], ['Atelier Uno', 'Shoes', 'Italy'],
  ['Sol & Sal', 'Swimwear', 'Spain'], ['Kettle & Crumb', 'Food & Beverages', 'UK'], ['Olive Loom', 'Home', 'Greece'],
  ['Hygge House', 'Home', 'Denmark'], ['Petal Press', 'Beauty', 'UK'], ['Cuoio Bags', 'Bags', 'Italy'],
  ['Silver Fern Studio', 'Jewellery', 'UK'], ['Second Chapter', 'Preowned', 'France'], ['Clay & Kiln', 'Arts & Crafts', 'Spain'],
  ['Thread Theory', 'Clothing', 'UK'], ['Bonbon Paris', 'Accessories', 'France'], ['Azul Espadrilles', 'Shoes', 'Spain'],
  ['Lagom Linen', 'Dresses', 'Sweden'], ['Aegean Soap Works', 'Beauty', 'Greece'], ['Copenhagen Carry', 'Bags', 'Denmark'],
  ['Wild Thyme Tea', 'Food & Beverages', 'UK'], ['Tessuto', 'Clothing', 'Italy'], ['Moonstone & Moss', 'Jewellery', 'UK'],
  ['Riviera Swim', 'Swimwear', 'Italy'], ['Vintage Vault', 'Preowned', 'UK'], ['Ink & Ember', 'Arts & Crafts', 'UK'],
];
const tagPool = ['Sustainable Packaging', 'Handmade', 'Locally Made', 'Ethical Supply Chain', 'Independent Brand', 'Gives Back', 'Happy Staff', 'Animal Friendly', 'Skilled Artisan', 'Hunted Luxe', 'LGBTQ+ Friendly'];
const hashtagPool = ['#slowfashion', '#handmade', '#linen', '#madeinuk', '#vegan', '#smallbatch', '#vintage', '#zerowaste', '#artisan', '#organic'];
const deliveries = ['Local Only', 'Europe Wide', 'International'];
const prices = ['£', '££', '£££', '££££'];
const slug = (name) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');

export const brands = names.map(([name, category, location], index) => ({
  id: index + 1,
  name,
  description: `${name} is an independent ${category.toLowerCase()} label from ${location}, making small runs with local suppliers and a lot of care. Every piece is designed to last and to be loved for years, not seasons.`,
  category,
  location,
  delivery: deliveries[index % 3],
  imageUrl: `/demo-brands/${slug(name)}.svg`,
  instagramUrl: `https://instagram.com/${slug(name)}`,
  etsyUrl: index % 3 === 0 ? `https://etsy.com/shop/${slug(name)}` : null,
  websiteUrl: index % 2 === 0 ? `https://${slug(name)}.example` : null,
  tiktokUrl: index % 4 === 1 ? `https://tiktok.com/@${slug(name)}` : null,
  votes: (index * 37) % 120 + 3,
  rating: [4.5, 4, 3.5, 5, 4.2, 3, 4.8, 2.5][index % 8],
  ratingCount: (index * 7) % 40 + 1,
  tags: tagPool.slice(index % 5, (index % 5) + 2 + (index % 4)),
  hashtags: hashtagPool.slice(index % 6, (index % 6) + 1 + (index % 5)),
  priceCategory: prices[index % 4],
  featured: index === 0,
  featuredDate: index === 0 ? '2026-11-23' : null,
  views: 200 + index * 31,
  createdAt: new Date(Date.UTC(2026, index % 11, 3 + index)).toISOString(),
}));

export const today = brands
  .map((brand, index) => ({ ...brand, todayVotes: (index * 13) % 17 }))
  .sort((a, b) => b.todayVotes - a.todayVotes || b.votes - a.votes || a.id - b.id);

const palettes = [['#fda4af', '#fde68a'], ['#a5b4fc', '#f0abfc'], ['#86efac', '#fde68a'], ['#fdba74', '#fca5a5'], ['#67e8f9', '#c4b5fd']];
export function svgFor(path) {
  const name = decodeURIComponent(path.split('/').pop().replace('.svg', ''));
  const initials = name.split('-').slice(0, 2).map((word) => word[0]?.toUpperCase() ?? '').join('');
  const [a, b] = palettes[name.length % palettes.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 600"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs><rect width="800" height="600" fill="url(#g)"/><circle cx="640" cy="120" r="150" fill="#fff" opacity=".25"/><circle cx="120" cy="520" r="200" fill="#fff" opacity=".18"/><text x="400" y="350" font-family="Georgia,serif" font-size="170" font-weight="700" text-anchor="middle" fill="#fff" opacity=".9">${initials}</text></svg>`;
}
