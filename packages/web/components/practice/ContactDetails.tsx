import { site } from "@/lib/content";
import { Hours } from "./Hours";

/** Phone, email, office and hours from the site config: the only place they are written. */
export function ContactDetails() {
  const { contact, address } = site;
  return (
    <div className="card">
      <h2 style={{ marginTop: 0, fontSize: "1.3rem" }}>Reach the practice</h2>
      <dl className="facts">
        <dt>Phone</dt>
        <dd>
          <a href={`tel:${contact.phone.replace(/-/g, "")}`}>{contact.phoneDisplay}</a>
        </dd>
        <dt>Email</dt>
        <dd>
          <a href={`mailto:${contact.email}`}>{contact.email}</a>
        </dd>
        <dt>Office</dt>
        <dd>
          <address style={{ fontStyle: "normal" }}>
            {address.street}
            <br />
            {address.locality}, {address.region} {address.postalCode}
          </address>
          <a href={address.mapUrl} rel="noopener">
            Open the office on a map
          </a>
        </dd>
        <dt>Booking</dt>
        <dd>
          <a href={contact.bookingUrl} rel="noopener">
            {contact.bookingLabel}
          </a>
        </dd>
      </dl>
      <h3 style={{ fontSize: "1.1rem" }}>Hours</h3>
      <Hours />
      <p style={{ marginBottom: 0 }}>{address.directions}</p>
    </div>
  );
}
