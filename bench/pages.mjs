// Page routes as the gateway answers them (`npm run bench`, see docs/benchmarks.md): the built index.html served as
// a file (what every page route answered before pages had their own head), and the SPA routes that now write
// their head: the home page's fixed one, one brand page (its facts cached), and brand pages across the directory
// (each brand read from brands once per cache period).
import { brandSlug } from '@hunted/contracts';

/** The loads, side by side, and the figure the issue asks for: a brand page's throughput against the plain index. */
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
  const rows = [
    summarise('GET /index.html (the plain index, a file)', await load(`${baseUrl}/index.html`)),
    summarise('GET / (home: fixed head)', await load(`${baseUrl}/`)),
    summarise(`GET ${brandPage.replace(String(first), '{id}')} (one brand, cached)`, await load(`${baseUrl}${brandPage}`)),
    summarise(
      `GET /brand/{id} (${detailIds.length.toLocaleString('en-GB')} brands in turn)`,
      await load(baseUrl, {}, { requests: [{ setupRequest: (req) => ({ ...req, path: `/brand/${detailIds[n++ % detailIds.length]}` }) }] }),
    ),
  ];
  return { rows, brandVsIndex: rows[2].rps / rows[0].rps, manyBrandsVsIndex: rows[3].rps / rows[0].rps };
}
