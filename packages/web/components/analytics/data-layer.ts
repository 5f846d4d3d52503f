/** The tag manager's queue: what is pushed before gtm.js loads is read once it does. */
export function pushToDataLayer(entry: object): void {
  ((window as unknown as { dataLayer?: object[] }).dataLayer ??= []).push(entry);
}

/** Google's gtag(): a command is pushed as an `arguments` object, which is how the tags tell it from an event. */
export function gtag(...command: unknown[]): void;
export function gtag(): void {
  // eslint-disable-next-line prefer-rest-params
  pushToDataLayer(arguments);
}
