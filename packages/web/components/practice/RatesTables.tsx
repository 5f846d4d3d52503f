import type { ReactNode } from "react";
import { SiteLink } from "@/components/prefetch/SiteLink";
import { site } from "@/lib/content";
import { usd } from "@/lib/content/facts";
import { RATE_CARD_HEADINGS } from "@/lib/content/rate-cards";
import styles from "./RatesTables.module.css";

interface FeeRow {
  key: string;
  name: ReactNode;
  size: ReactNode;
  fee: string;
}

/** A fee table: each row names what is paid for, how long it lasts, and what it costs. */
function FeeTable({ caption, columns, rows }: { caption: string; columns: [string, string, string]; rows: FeeRow[] }) {
  return (
    <table className={styles.table}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row">{row.name}</th>
            <td>{row.size}</td>
            <td>{row.fee}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Every fee, payment and insurance fact, straight from the site config. */
export function RatesTables() {
  const { fees, insurance } = site;
  return (
    <div className={styles.grid}>
      <section className="card" aria-labelledby="rates-sessions">
        <h2 id="rates-sessions" className={styles.heading}>
          {RATE_CARD_HEADINGS.sessions}
        </h2>
        <FeeTable
          caption="Weekly session length and fee"
          columns={["Service", "Length", "Fee"]}
          rows={[
            { key: "couples", name: <SiteLink href="/services/couplesTherapy">Couples therapy</SiteLink>, size: `${fees.sessions.couplesTherapy.minutes} minutes`, fee: usd(fees.sessions.couplesTherapy.amount) },
            { key: "individual", name: <SiteLink href="/services/individualTherapy">Individual therapy</SiteLink>, size: `${fees.sessions.individualTherapy.minutes} minutes`, fee: usd(fees.sessions.individualTherapy.amount) },
            { key: "consultation", name: "Consultation call", size: `${fees.consultation.minutes} minutes`, fee: "Free" },
          ]}
        />
        <p>{fees.consultation.note}</p>
      </section>

      <section className="card" aria-labelledby="rates-marathon">
        <h2 id="rates-marathon" className={styles.heading}>
          <SiteLink href="/services/marathonCouplesTherapy">{RATE_CARD_HEADINGS.marathon}</SiteLink>
        </h2>
        <FeeTable
          caption="Marathon intensive formats and fees"
          columns={["Format", "Hours", "Fee"]}
          rows={fees.marathon.map((format) => ({ key: format.id, name: format.name, size: format.hours, fee: usd(format.amount) }))}
        />
        <p>{fees.marathonCancellation}</p>
      </section>

      <section className="card" aria-labelledby="rates-sliding">
        <h2 id="rates-sliding" className={styles.heading}>
          {RATE_CARD_HEADINGS.sliding}
        </h2>
        <p>
          <strong>
            {fees.slidingScale.spots} {fees.slidingScale.spots === 1 ? "place" : "places"}, from {usd(fees.slidingScale.lowest)} a session.
          </strong>
        </p>
        <p>{fees.slidingScale.note}</p>
      </section>

      <section className="card" aria-labelledby="rates-insurance">
        <h2 id="rates-insurance" className={styles.heading}>
          {RATE_CARD_HEADINGS.insurance}
        </h2>
        {insurance.inNetwork.length > 0 && (
          <>
            <p>In network with:</p>
            <ul>
              {insurance.inNetwork.map((plan) => (
                <li key={plan}>{plan}</li>
              ))}
            </ul>
          </>
        )}
        <p>{insurance.outOfNetworkNote}</p>
      </section>

      <section className="card" aria-labelledby="rates-payment">
        <h2 id="rates-payment" className={styles.heading}>
          {RATE_CARD_HEADINGS.payment}
        </h2>
        <ul>
          {fees.paymentMethods.map((method) => (
            <li key={method}>{method}</li>
          ))}
        </ul>
        <p>{fees.cancellation.note}</p>
      </section>
    </div>
  );
}
