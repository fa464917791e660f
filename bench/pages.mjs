// Page routes as the gateway answers them (`npm run bench`, see docs/benchmarks.md): the built index.html served as
// a file (what every page route answered before pages had their own head), and the SPA routes that now write
// their head: the home page's fixed one, one brand page (its facts cached), and brand pages across the directory
// (each brand read from brands once per cache period).
import { brandSlug } from '@hunted/contracts';

/**
 * The loads, side by side, and the figures the issue asks for: a brand page's throughput against the plain index,
 * both the file as it was served before and the home page's route (the same code with a fixed head).
 */
export async function benchPages({ baseUrl, detailIds, load, summarise }) {
  const [first] = detailIds;
  const brand = await (await fetch(`${baseUrl}/api/brands/${first}`)).json();
  const brandPage = `/brand/${first}/${brandSlug(brand.name)}`;
  const sample = await fetch(`${baseUrl}${brandPage}`);
  const html = await sample.text();
  if (sample.status !== 200 || !html.includes(`<link rel="canonical" href="${baseUrl}${brandPage}"`)) {
    throw new Error(`${brandPage} answered ${sample.status} without its canonical link`);
  }
  let n = 0;
  const inTurn = { requests: [{ setupRequest: (req) => ({ ...req, path: `/brand/${detailIds[n++ % detailIds.length]}` }) }] };
  // Each after 2 s of the same load, so no row pays for the process warming up (the first one loaded would).
  const measure = async (name, url, options = {}) => {
    await load(url, {}, { ...options, duration: 2 });
    return summarise(name, await load(url, {}, options));
  };
  const rows = [
    await measure('GET /index.html (the plain index, a file)', `${baseUrl}/index.html`),
    await measure('GET / (home: fixed head)', `${baseUrl}/`),
    await measure(`GET ${brandPage.replace(String(first), '{id}')} (one brand, cached)`, `${baseUrl}${brandPage}`),
    await measure(`GET /brand/{id} (${detailIds.length.toLocaleString('en-GB')} brands in turn)`, baseUrl, inTurn),
  ];
  return {
    rows,
    brandVsIndexFile: rows[2].rps / rows[0].rps,
    brandVsHome: rows[2].rps / rows[1].rps,
    manyBrandsVsHome: rows[3].rps / rows[1].rps,
  };
}
