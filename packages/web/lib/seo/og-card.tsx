/** The 1200x630 sharing card: the page title and the practice, in the site's colours and type. */
import { therapistFullName } from "../content/facts";
import type { SiteConfig } from "../content-compiler/schema";
import { truncateTitle } from "./title";

export function OgCard({ title, site }: { title: string; site: SiteConfig }) {
  const text = truncateTitle(title);
  return (
    <div style={{ width: "100%", height: "100%", display: "flex", flexDirection: "column", justifyContent: "space-between", padding: "72px 80px", background: "#f8f5ef", fontFamily: "Source Sans 3", color: "#1f2a2e" }}>
      <div style={{ display: "flex", alignItems: "center", gap: 20 }}>
        <div style={{ display: "flex", position: "relative", width: 76, height: 48 }}>
          <div style={{ position: "absolute", left: 0, width: 48, height: 48, borderRadius: 24, background: "#8fa89a" }} />
          <div style={{ position: "absolute", left: 28, width: 48, height: 48, borderRadius: 24, background: "#e2cfb6", opacity: 0.9 }} />
        </div>
        <div style={{ fontSize: 34, fontFamily: "Fraunces", color: "#1f3a33" }}>{site.siteName}</div>
      </div>
      <div style={{ display: "flex", fontFamily: "Fraunces", fontSize: text.length > 40 ? 66 : 78, lineHeight: 1.1, color: "#1f3a33", maxWidth: 1000 }}>{text}</div>
      <div style={{ display: "flex", justifyContent: "space-between", fontSize: 30, color: "#46555a" }}>
        <span>{therapistFullName(site.therapist)}</span>
        <span>
          {site.address.locality}, {site.address.region} · telehealth across {site.therapist.licence.state}
        </span>
      </div>
    </div>
  );
}
