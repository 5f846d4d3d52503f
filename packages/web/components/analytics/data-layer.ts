/** The tag manager's queue: what is pushed before gtm.js loads is read once it does. */
export function pushToDataLayer(entry: object): void {
  ((window as unknown as { dataLayer?: object[] }).dataLayer ??= []).push(entry);
}
