import { SiteLink } from "@/components/prefetch/SiteLink";
import { site } from "@/lib/content";
import { usd } from "@/lib/content/facts";
import type { CoreService } from "@/lib/content/core-services";

/** Length and fee of one core service, from the site config. */
export function FeeSummary({ service }: { service: CoreService }) {
  const { fees } = site;
  return (
    <aside className="card" aria-labelledby={`fees-${service}`}>
      <h2 id={`fees-${service}`} style={{ marginTop: 0, fontSize: "1.3rem" }}>
        Length and fees
      </h2>
      {service === "marathonCouplesTherapy" ? (
        <ul>
          {fees.marathon.map((format) => (
            <li key={format.id}>
              <strong>{format.name}</strong>: {format.hours} hours, {usd(format.amount)}
            </li>
          ))}
        </ul>
      ) : (
        <p>
          {fees.sessions[service].minutes}-minute sessions, {usd(fees.sessions[service].amount)} each.
        </p>
      )}
      <p>
        Start with a free {fees.consultation.minutes}-minute consultation. <SiteLink href="/ratesAndInsurance">Rates, insurance and superbills</SiteLink>
      </p>
    </aside>
  );
}
