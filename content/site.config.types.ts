/**
 * What `site.config.ts` holds, field by field, so an editor can check the config as it is typed
 * and explain each field on hover. `pnpm build` checks the values themselves (formats, lengths,
 * that images exist) and names any mistake; the app's schema fails to compile if this file and
 * it ever disagree.
 */

/** A date written "2026-01-15". */
type DateText = string | Date;
/** A full https:// address. */
type HttpsUrl = string;
/** A 24-hour time, "09:00". */
type Time = string;
type Day = "Monday" | "Tuesday" | "Wednesday" | "Thursday" | "Friday" | "Saturday" | "Sunday";

export interface SiteConfigInput {
  siteName: string;
  /** The live site's address, without a slash at the end: canonical URLs and sitemaps use it. */
  siteUrl: HttpsUrl;
  tagline: string;
  description: string;
  /** The browser's toolbar colour on phones, "#ffffff". */
  themeColor: string;
  /** Google Tag Manager container id ("GTM-XXXXXXX"); leave empty to load no tag manager at all. */
  gtmId: string;
  /**
   * When Google Analytics may run (default "opt-in"). "opt-in": only after a visitor chooses
   * "Allow analytics". "opt-out": from the first page, until a visitor turns it off in the
   * footer's settings. Under Global Privacy Control it never runs, whichever you choose.
   * Read the comment in site.config.ts before choosing "opt-out".
   */
  analyticsConsent?: "opt-in" | "opt-out";
  therapist: {
    name: string;
    /** Written after the name: "MA, LMFT". */
    credentials: string;
    jobTitle: string;
    /** "/images/<file>.jpg", a file in content/images. */
    photo: string;
    /** What the photo shows, for people who cannot see it. */
    photoAlt: string;
    licence: { title: string; number: string; state: string; issuer: string; verifyUrl: HttpsUrl };
    education: string[];
    approaches: string[];
    knowsAbout: string[];
    languages: string[];
    /** Profiles elsewhere (directories, LinkedIn), for search engines. */
    sameAs: HttpsUrl[];
  };
  contact: {
    /** "+1-206-555-0142": the number phones dial. */
    phone: string;
    /** "(206) 555-0142": the number as the pages show it; the build checks it is the same number as `phone`. */
    phoneDisplay: string;
    email: string;
    bookingUrl: HttpsUrl;
    bookingLabel: string;
    /** What a call to `phone` reaches, e.g. "voicemail": said beside every Call button, with `replyWithin`. */
    callReaches: string;
    /** How soon calls and emails are returned, e.g. "one business day" (the `{{replyWithin}}` token). */
    replyWithin: string;
    responseTime: string;
  };
  address: {
    street: string;
    locality: string;
    /** Two-letter state code, "WA". */
    region: string;
    /** Five-digit ZIP code. */
    postalCode: string;
    /** Two-letter country code, "US". */
    country: string;
    mapUrl: HttpsUrl;
    /** How the copy names the office, e.g. "downtown Seattle office" (the `{{office}}` token). */
    officeName: string;
    directions: string;
  };
  geo: { latitude: number; longitude: number };
  hours: {
    /** Names the `{{hours.<id>}}` tokens, e.g. inPerson → {{hours.inPerson}}. */
    id: string;
    label: string;
    days: Day[];
    opens: Time;
    closes: Time;
  }[];
  /**
   * The practice's time zone, as the IANA database names it ("America/Los_Angeles"; default
   * "UTC"): the visit counts are kept by its calendar days (`pnpm visits`).
   */
  timeZone?: string;
  acceptingNewClients: boolean;
  /** Shown on the home page and in every page's help band while acceptingNewClients is true. */
  acceptingNote: string;
  /** Shown in the same places while acceptingNewClients is false. */
  waitlistNote: string;
  /** Who can meet in person and when: the one statement every city page repeats. */
  inPersonPolicy: string;
  /** Whole dollars. */
  fees: {
    consultation: { minutes: number; note: string };
    sessions: {
      couplesTherapy: { amount: number; minutes: number };
      individualTherapy: { amount: number; minutes: number };
    };
    marathon: { id: string; name: string; hours: number; amount: number; description: string }[];
    slidingScale: { spots: number; lowest: number; note: string };
    cancellation: { noticeHours: number; note: string };
    marathonCancellation: string;
    paymentMethods: string[];
  };
  insurance: { inNetwork: string[]; outOfNetworkNote: string };
  /** The cities the site has pages for: each needs content/services/<slug>/ (index.md and one file per service). */
  locations: {
    /** The city in addresses, lowercase: /services/seattle. */
    slug: string;
    name: string;
    /** Whether the office is in this city (clients from every city may meet there). */
    hasOffice: boolean;
    neighbourhoods: string[];
    travelNote: string;
    parkingNote: string;
  }[];
  /** Optional: an intro video on the home page. Leave it out for none. */
  video?: {
    title: string;
    description: string;
    /** "/media/<file>.mp4", a file in content/media; `poster` and `captions` likewise. */
    file: string;
    poster: string;
    captions: string;
    /** The video's size in pixels. */
    width: number;
    height: number;
    durationSeconds: number;
    uploadDate: DateText;
    transcript: string;
  };
  /**
   * Optional, and left out of the sample: one review of the practice for the structured data
   * (schema.org Review, author "Anonymous client"). Read "A client review in the structured data"
   * in content/README.md before adding one: professional codes limit testimonials from clients.
   */
  sampleReview?: { rating: number; body: string; datePublished: DateText };
}
