import type { LighthouseReport } from "../sections/lighthouse";

/** A Lighthouse report cut down to what the bench reads, shaped as Lighthouse 12 writes it. */
export function report(overrides: { url?: string; lcp?: number; observedLcp?: number; performance?: number } = {}): LighthouseReport {
  const audit = (id: string, numericValue?: number, score: number | null = 1, scoreDisplayMode = "numeric", details?: { items?: unknown[] }) => ({ id, score, scoreDisplayMode, numericValue, details });
  return {
    requestedUrl: overrides.url ?? "http://127.0.0.1:4601/services/couplesTherapy",
    categories: { performance: { score: overrides.performance ?? 0.99 }, accessibility: { score: 1 }, "best-practices": { score: 0.96 }, seo: { score: 1 } },
    audits: {
      metrics: audit("metrics", undefined, null, "informative", { items: [{ observedLargestContentfulPaint: overrides.observedLcp ?? 412.6, observedFirstContentfulPaint: 398.2 }] }),
      "largest-contentful-paint": audit("largest-contentful-paint", overrides.lcp ?? 1512.4),
      "first-contentful-paint": audit("first-contentful-paint", 1201.5),
      "total-blocking-time": audit("total-blocking-time", 12.5),
      "cumulative-layout-shift": audit("cumulative-layout-shift", 0.00123),
      "largest-contentful-paint-element": audit("largest-contentful-paint-element", undefined, 0, "metricSavings", {
        items: [
          { type: "table", items: [{ node: { nodeLabel: "Couples therapy in Seattle", selector: "main > h1", snippet: '<h1 class="title">' } }] },
          { type: "table", items: [{ phase: "TTFB", timing: 10.4 }, { phase: "Render Delay", timing: 380.6 }] },
        ],
      }),
      "network-requests": audit("network-requests", undefined, null, "informative", {
        items: [
          { url: "http://127.0.0.1:4601/services/couplesTherapy", resourceType: "Document", transferSize: 18_432, networkRequestTime: 0 },
          { url: "http://127.0.0.1:4601/_next/static/chunks/main.js?dpl=abc", resourceType: "Script", transferSize: 50_000, networkRequestTime: 120.4 },
          { url: "https://fonts.example.com/font.woff2", resourceType: "Font", transferSize: 9000, networkRequestTime: 200 },
          { url: "http://127.0.0.1:4601/images/late.avif", resourceType: "Image", transferSize: 30_000, networkRequestTime: 500 },
        ],
      }),
      "uses-http2": audit("uses-http2", undefined, 0, "binary"),
      "is-on-https": audit("is-on-https", undefined, 0, "binary"),
      "document-title": audit("document-title", undefined, 1, "binary"),
      "unused-javascript": audit("unused-javascript", 120, 0.5, "metricSavings"),
      "screenshot-thumbnails": audit("screenshot-thumbnails", undefined, null, "informative", { items: ["a large image"] }),
    },
    fullPageScreenshot: { screenshot: "data:image/webp;base64,..." },
    i18n: { rendererFormattedStrings: { a: "b" } },
    timing: { total: 10_000 },
  };
}
