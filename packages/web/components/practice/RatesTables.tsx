import { IntentLink } from "@/components/prefetch/IntentLink";
import { site } from "@/lib/content";
import { usd } from "@/lib/content/facts";
import styles from "./RatesTables.module.css";

/** Every fee, payment and insurance fact, straight from the site config. */
export function RatesTables() {
  const { fees, insurance } = site;
  return (
    <div className={styles.grid}>
      <section className="card" aria-labelledby="rates-sessions">
        <h2 id="rates-sessions" className={styles.heading}>
          Session fees
        </h2>
        <table className={styles.table}>
          <caption className="visually-hidden">Weekly session length and fee</caption>
          <thead>
            <tr>
              <th scope="col">Service</th>
              <th scope="col">Length</th>
              <th scope="col">Fee</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">
                <IntentLink href="/services/couplesTherapy">Couples therapy</IntentLink>
              </th>
              <td>{fees.sessions.couplesTherapy.minutes} minutes</td>
              <td>{usd(fees.sessions.couplesTherapy.amount)}</td>
            </tr>
            <tr>
              <th scope="row">
                <IntentLink href="/services/individualTherapy">Individual therapy</IntentLink>
              </th>
              <td>{fees.sessions.individualTherapy.minutes} minutes</td>
              <td>{usd(fees.sessions.individualTherapy.amount)}</td>
            </tr>
            <tr>
              <th scope="row">Consultation call</th>
              <td>{fees.consultation.minutes} minutes</td>
              <td>Free</td>
            </tr>
          </tbody>
        </table>
        <p>{fees.consultation.note}</p>
      </section>

      <section className="card" aria-labelledby="rates-marathon">
        <h2 id="rates-marathon" className={styles.heading}>
          <IntentLink href="/services/marathonCouplesTherapy">Marathon couples therapy</IntentLink>
        </h2>
        <table className={styles.table}>
          <caption className="visually-hidden">Marathon intensive formats and fees</caption>
          <thead>
            <tr>
              <th scope="col">Format</th>
              <th scope="col">Hours</th>
              <th scope="col">Fee</th>
            </tr>
          </thead>
          <tbody>
            {fees.marathon.map((format) => (
              <tr key={format.id}>
                <th scope="row">{format.name}</th>
                <td>{format.hours}</td>
                <td>{usd(format.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p>{fees.marathonCancellation}</p>
      </section>

      <section className="card" aria-labelledby="rates-sliding">
        <h2 id="rates-sliding" className={styles.heading}>
          Sliding scale
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
          Insurance
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
          Payment and cancellation
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
