/** A content date (YYYY-MM-DD) as "September 16, 2025", the same on server and client. */
function formatDate(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
}

export function FormattedDate({ date }: { date: string }) {
  return <time dateTime={date}>{formatDate(date)}</time>;
}
