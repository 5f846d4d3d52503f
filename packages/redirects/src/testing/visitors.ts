/** The visitors and the clock of the misses tests. */
export const NOW = new Date("2026-03-10T12:00:00.000Z");
export const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000);
export const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";
export const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
