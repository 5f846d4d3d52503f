import { site } from "@/lib/content";
import type { LocationContent } from "@/lib/content/types";

/**
 * What is specific to meeting from one city: the in-person policy (one statement in the site
 * config, the same for every city), its neighborhoods, travel and parking.
 */
export function LocationFacts({ location }: { location: LocationContent }) {
  const { facts } = location;
  return (
    <aside className="card" aria-labelledby={`facts-${facts.slug}`}>
      <h2 id={`facts-${facts.slug}`} style={{ marginTop: 0, fontSize: "1.3rem" }}>
        Meeting from {facts.name}
      </h2>
      <p>
        <strong>
          {facts.hasOffice ? `The office is in ${facts.name}.` : `There is no office in ${facts.name}.`}
        </strong>{" "}
        {site.inPersonPolicy}
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
