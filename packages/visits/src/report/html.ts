/**
 * The summary as a page the owner opens in a browser (`pnpm visits --html`): one file, no script,
 * nothing fetched from anywhere: the totals, page views and visits day by day as a bar chart
 * (SVG, each bar naming its day and figures when pointed at), and every page with its own trend.
 */
import { TAPS } from "../beacon";
import { OTHER_PAGE } from "../counts";
import { arrivals, type Summary, taps } from "./summary";
import { percent, TAP_NAMES } from "./terminal";

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
const number = (value: number) => value.toLocaleString("en-US");

const CHART = { width: 720, height: 220, left: 40, bottom: 24, top: 10 };

function dailyChart(summary: Summary): string {
  const { width, height, left, bottom, top } = CHART;
  const most = Math.max(1, ...summary.daily.map((day) => day.views));
  const plotHeight = height - bottom - top;
  const step = (width - left) / summary.daily.length;
  const bar = Math.max(1, step * 0.8);
  const y = (value: number) => top + plotHeight - (value / most) * plotHeight;
  const bars = summary.daily
    .map((day, index) => {
      const x = left + index * step + (step - bar) / 2;
      const label = `${day.day}: ${number(day.views)} page views, ${number(day.visits)} visits`;
      return (
        `<g><title>${escape(label)}</title>` +
        `<rect class="views" x="${x.toFixed(1)}" y="${y(day.views).toFixed(1)}" width="${bar.toFixed(1)}" height="${(top + plotHeight - y(day.views)).toFixed(1)}"/>` +
        `<rect class="visits" x="${x.toFixed(1)}" y="${y(day.visits).toFixed(1)}" width="${bar.toFixed(1)}" height="${(top + plotHeight - y(day.visits)).toFixed(1)}"/></g>`
      );
    })
    .join("");
  const first = summary.daily[0]?.day ?? "";
  const last = summary.daily.at(-1)?.day ?? "";
  return `<svg class="chart" viewBox="0 0 ${width} ${height}" role="img" aria-label="Page views and visits each day, ${escape(first)} to ${escape(last)}; the most page views in a day: ${number(most)}">
<line class="axis" x1="${left}" y1="${top + plotHeight}" x2="${width}" y2="${top + plotHeight}"/>
<text x="${left - 6}" y="${top + 4}" text-anchor="end">${number(most)}</text><text x="${left - 6}" y="${top + plotHeight}" text-anchor="end">0</text>
${bars}
<text x="${left}" y="${height - 6}">${escape(first)}</text><text x="${width}" y="${height - 6}" text-anchor="end">${escape(last)}</text>
</svg>`;
}

function sparkline(values: readonly number[]): string {
  const width = 120;
  const height = 24;
  const most = Math.max(1, ...values);
  const step = width / Math.max(1, values.length);
  const bars = values.map((value, index) => (value > 0 ? `<rect x="${(index * step).toFixed(1)}" y="${(height - (value / most) * height).toFixed(1)}" width="${Math.max(1, step - 1).toFixed(1)}" height="${((value / most) * height).toFixed(1)}"/>` : "")).join("");
  return `<svg class="spark" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" aria-hidden="true">${bars}</svg>`;
}

export function htmlReport(summary: Summary, generatedOn: string): string {
  const { days, totals, visits } = summary;
  const from = arrivals(totals);
  const tapped = taps(totals);
  const span = `${days[0]} to ${days.at(-1)}`;
  const rows = summary.pages
    .map((page) => {
      const pageTaps = taps(page.counts);
      const name = page.page === OTHER_PAGE ? "<em>other</em> (not a page of the site)" : `<code>${escape(page.page)}</code>`;
      return `<tr><th scope="row">${name}</th><td>${number(page.counts.views)}</td><td>${number(page.visits)}</td>${TAPS.map((tap) => `<td>${number(pageTaps[tap])}</td>`).join("")}<td>${sparkline(page.views)}</td></tr>`;
    })
    .join("\n");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Visits, ${escape(span)}</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; color: #1f2a2e; margin: 2rem auto; max-width: 60rem; padding: 0 1rem; }
h1 { font-size: 1.5rem; margin-bottom: 0.25rem; }
.chart { width: 100%; height: auto; }
.chart .views { fill: #9fc3b4; } .chart .visits { fill: #2f6b5a; } .chart .axis { stroke: #8a9a9f; } .chart text { font-size: 12px; fill: #4a5a5f; }
.legend span { display: inline-block; width: 0.8em; height: 0.8em; margin: 0 0.3em 0 1em; vertical-align: -0.05em; }
table { border-collapse: collapse; width: 100%; margin-top: 1rem; }
th, td { padding: 0.3rem 0.5rem; border-bottom: 1px solid #dde5e3; text-align: right; }
th[scope=row], thead th:first-child { text-align: left; font-weight: normal; }
.spark rect { fill: #2f6b5a; }
p.note { color: #4a5a5f; font-size: 0.9rem; }
</style>
</head>
<body>
<h1>Visits to the site</h1>
<p>${escape(span)} (${days.length} days, ${escape(summary.timeZone)} time). Made ${escape(generatedOn)} by <code>pnpm visits --html</code>.</p>
<p><strong>${number(totals.views)}</strong> page views in <strong>${number(visits)}</strong> visits: ${number(from.search)} from search, ${number(from.social)} from social media, ${number(from.otherSite)} from other sites, ${number(from.direct)} direct.</p>
<p><strong>${number(totals.visitsWithTap)}</strong> of the visits (${percent(totals.visitsWithTap, visits)}) ended in a call, text, booking or 988: ${TAPS.map((tap) => `${TAP_NAMES[tap]} ${number(tapped[tap])} (${percent(tapped[tap], visits)})`).join(", ")}.</p>
<h2>Each day</h2>
<p class="legend"><span style="background:#9fc3b4"></span>page views<span style="background:#2f6b5a"></span>visits (arrivals from outside the site)</p>
${dailyChart(summary)}
<h2>Pages</h2>
<table>
<thead><tr><th scope="col">Page</th><th scope="col">Views</th><th scope="col">Visits</th>${TAPS.map((tap) => `<th scope="col">${escape(TAP_NAMES[tap])} taps</th>`).join("")}<th scope="col">Views each day</th></tr></thead>
<tbody>
${rows || `<tr><td colspan="${4 + TAPS.length}">No page views were counted in these days.</td></tr>`}
</tbody>
</table>
<p class="note">Counts only: no visitor is identified, followed or kept. A visit is an arrival from outside the site (search, social media, another site, or direct); a tap is counted on the page it was made on, each kind once a visit. See "Visits" in the site's README.</p>
</body>
</html>
`;
}
