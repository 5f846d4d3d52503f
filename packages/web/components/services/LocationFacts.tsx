import type { LocationContent } from "@/lib/content/types";

/** What is specific to meeting from one city: in person or telehealth, travel, parking. */
export function LocationFacts({ location }: { location: LocationContent }) {
  const { facts } = location;
  return (
    <aside className="card" aria-labelledby={`facts-${facts.slug}`}>
      <h2 id={`facts-${facts.slug}`} style={{ marginTop: 0, fontSize: "1.3rem" }}>
        Meeting from {facts.name}
      </h2>
      <p>
        <strong>{facts.inPerson ? "In person at the downtown Seattle office, or by telehealth." : "By secure telehealth anywhere in Washington; in person at the Seattle office for intensives."}</strong>
      </p>
      <p>
        <strong>Neighborhoods:</strong> {facts.neighbourhoods.join(", ")}.
      </p>
      <p>
        <strong>Getting here:</strong> {facts.travelNote}
      </p>
      <p style={{ marginBottom: 0 }}>
        <strong>Parking:</strong> {facts.parkingNote}
      </p>
    </aside>
  );
}
