import { site } from "@/lib/content";

const SHORT: Record<string, string> = {
  Monday: "Mon",
  Tuesday: "Tue",
  Wednesday: "Wed",
  Thursday: "Thu",
  Friday: "Fri",
  Saturday: "Sat",
  Sunday: "Sun",
};
const WEEK = Object.keys(SHORT);

/** Monday, Tuesday, Wednesday → "Monday–Wednesday"; gaps are listed. */
export function dayRange(days: readonly string[], short = false): string {
  const name = (day: string) => (short ? SHORT[day] : day);
  const sorted = [...days].sort((a, b) => WEEK.indexOf(a) - WEEK.indexOf(b));
  const consecutive = sorted.every((day, i) => i === 0 || WEEK.indexOf(day) === WEEK.indexOf(sorted[i - 1] ?? "") + 1);
  if (sorted.length > 2 && consecutive) return `${name(sorted[0] ?? "")}–${name(sorted.at(-1) ?? "")}`;
  return sorted.map(name).join(", ");
}

/** "09:00" → "9 am", "17:30" → "5:30 pm". */
export function clockTime(hhmm: string): string {
  const [h = 0, m = 0] = hhmm.split(":").map(Number);
  const suffix = h >= 12 ? "pm" : "am";
  const hour = h % 12 === 0 ? 12 : h % 12;
  return m === 0 ? `${hour} ${suffix}` : `${hour}:${String(m).padStart(2, "0")} ${suffix}`;
}

export function Hours({ compact = false }: { compact?: boolean }) {
  return (
    <dl style={{ margin: 0 }}>
      {site.hours.map((entry) => (
        <div key={entry.label} style={{ marginBottom: "0.75rem" }}>
          <dt style={{ fontWeight: 600 }}>{entry.label}</dt>
          <dd style={{ margin: 0 }}>
            {dayRange(entry.days, compact)}, {clockTime(entry.opens)}–{clockTime(entry.closes)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
