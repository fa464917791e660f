// Debug helper (not part of npm run bench): one page, mobile, with its network waterfall.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
const [,, url, cookie] = process.argv;
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}) });
const lhr = result.lhr;
console.log('score', lhr.categories.performance.score, 'LCP', lhr.audits['largest-contentful-paint'].numericValue, 'FCP', lhr.audits['first-contentful-paint'].numericValue, 'TBT', lhr.audits['total-blocking-time'].numericValue, 'SI', lhr.audits['speed-index'].numericValue);
for (const item of lhr.audits['network-requests'].details.items) console.log(Math.round(item.networkRequestTime ?? item.startTime), Math.round(item.networkEndTime ?? item.endTime), item.resourceType, item.transferSize, item.url.replace(/^https?:\/\/[^/]+/, ''));
const lcpBreakdown = lhr.audits['lcp-phases'] ?? lhr.audits['largest-contentful-paint-element'];
console.log(JSON.stringify(lcpBreakdown?.details?.items?.[1] ?? lcpBreakdown?.details, null, 0).slice(0, 800));
await chrome.kill();
