import { site } from "@/lib/content";
import { clockTime, dayRange } from "@/lib/content/facts";

/** The opening hours from the site config: the footer (compact) and the contact page. */
export function Hours({ compact = false }: { compact?: boolean }) {
  return (
    <dl style={{ margin: 0 }}>
      {site.hours.map((entry) => (
        <div key={entry.id} style={{ marginBottom: "0.75rem" }}>
          <dt style={{ fontWeight: 600 }}>{entry.label}</dt>
          <dd style={{ margin: 0 }}>
            {dayRange(entry.days, { short: compact })}, {clockTime(entry.opens)}–{clockTime(entry.closes)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
