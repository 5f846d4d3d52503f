/**
 * The shape of everything the owner edits in `content/`. The content compiler validates every
 * file against these schemas at build time, so a wrong field fails the build naming the file
 * and the field instead of breaking a page at runtime.
 */
import { z } from "zod";
import type { SiteConfigInput } from "../../../../content/site.config.types";
import { CONSENT_MODES } from "../analytics/consent";
import { CORE_SERVICES } from "../content/core-services";

const nonEmpty = z.string().trim().min(1, "must not be empty");
const httpsUrl = z.url({ protocol: /^https$/, error: "must be an absolute https:// URL" });
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be a 24-hour time like 09:00");
const slug = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9-]*$/, "must be letters, digits and dashes");
/** A city's name in addresses (/services/<city>); the cities themselves are the site config's `locations`. */
const locationSlug = z.string().regex(/^[a-z][a-z0-9-]*$/, "must be lowercase letters, digits and dashes, like seattle");
/** Paths to images under content/images, written as `/images/name.jpg`. */
const imagePath = z.string().regex(/^\/images\/[\w./-]+\.(jpe?g|png|webp)$/i, "must be /images/<file>.jpg|png|webp");
const DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

/**
 * A calendar date written `2024-05-01`. Front matter is read with YAML's core schema, so a date
 * stays the text the owner typed (never a Date that rolls 2025-02-30 over into March); the site
 * config may also hold a Date. Dates must not be in the future: the compiler checks that against
 * its clock, for every field of this type (see `datesIn`).
 */
const contentDate = z
  .union([z.date(), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date like 2024-05-01")], {
    error: "must be a date like 2024-05-01",
  })
  .transform((value) => (value instanceof Date ? value.toISOString().slice(0, 10) : value))
  .refine(isCalendarDate, "must be a real calendar date, like 2024-05-01");

function isCalendarDate(text: string): boolean {
  const [year = 0, month = 0, day = 0] = text.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10) === text;
}

/** Every contentDate field of `schema` in `value` (parsed by it), with its dotted path. */
export function datesIn(schema: z.ZodType, value: unknown, at: string[] = []): { field: string; date: string }[] {
  let inner: z.ZodType = schema;
  while (inner instanceof z.ZodOptional || inner instanceof z.ZodDefault) inner = inner.unwrap() as z.ZodType;
  if (inner === contentDate) return typeof value === "string" ? [{ field: at.join("."), date: value }] : [];
  if (!(inner instanceof z.ZodObject) || !value || typeof value !== "object") return [];
  return Object.entries(inner.shape as Record<string, z.ZodType>).flatMap(([key, field]) =>
    datesIn(field, (value as Record<string, unknown>)[key], [...at, key]),
  );
}

/**
 * What an image shows, for people who cannot see it. Empty (`imageAlt:` or `imageAlt: ""`) passes
 * here so that the loaders, which know the image, can name it (ContentReader.referPicture).
 */
const altText = z.preprocess((value) => (value === null ? "" : value), z.string().trim());

const money = z.number().int("must be whole dollars").positive("must be a positive amount");

// ---------------------------------------------------------------- site config (content/site.config.ts)

/** The ten digits of a North American phone number, without the country code; undefined unless there are ten. */
function phoneDigits(text: string): string | undefined {
  const digits = text.replace(/\D/g, "");
  const national = digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
  return national.length === 10 ? national : undefined;
}

const PHONE_FORMAT = /^\+1-\d{3}-\d{3}-\d{4}$/;

/** The number phones dial, `+1-206-555-0142`; a number written another way gets its spelling in this form. */
const phone = z.string().superRefine((value, context) => {
  if (PHONE_FORMAT.test(value)) return;
  const digits = phoneDigits(value);
  const written = digits && `+1-${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
  context.addIssue({ code: "custom", message: `must be written like +1-206-555-0142${written ? `: write "${written}"` : ""}` });
});

/** A time zone this Node knows by its IANA name ("America/Los_Angeles", "UTC"). */
function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return name.includes("/") || name === "UTC";
  } catch {
    return false;
  }
}

/** A Google Tag Manager container id, or empty for none (also what the GTM_ID override must be). */
export const gtmIdSchema = z.string().regex(/^(GTM-[A-Z0-9]{4,10})?$/, "must look like GTM-XXXXXXX, or be empty for none");

export const siteConfigSchema = z.strictObject({
  siteName: nonEmpty,
  siteUrl: httpsUrl.refine((url) => !url.endsWith("/"), "must not end with a slash"),
  tagline: nonEmpty,
  description: nonEmpty,
  themeColor: z.string().regex(/^#[0-9a-fA-F]{6}$/, "must be a color like #ffffff"),
  gtmId: gtmIdSchema,
  /** Whether analytics waits for a visitor's yes (the default) or runs until they refuse. */
  analyticsConsent: z.enum(CONSENT_MODES, { error: 'must be "opt-in" or "opt-out"' }).default("opt-in"),
  therapist: z.strictObject({
    name: nonEmpty,
    credentials: nonEmpty,
    jobTitle: nonEmpty,
    photo: imagePath,
    photoAlt: nonEmpty,
    licence: z.strictObject({
      title: nonEmpty,
      number: nonEmpty,
      state: nonEmpty,
      issuer: nonEmpty,
      verifyUrl: httpsUrl,
    }),
    education: z.array(nonEmpty).min(1),
    approaches: z.array(nonEmpty).min(1),
    knowsAbout: z.array(nonEmpty).min(1),
    languages: z.array(nonEmpty).min(1),
    sameAs: z.array(httpsUrl),
  }),
  contact: z.strictObject({
    phone,
    phoneDisplay: nonEmpty,
    email: z.email("must be an email address"),
    bookingUrl: httpsUrl,
    bookingLabel: nonEmpty,
    callReaches: nonEmpty,
    replyWithin: nonEmpty,
    responseTime: nonEmpty,
  })
    // The pages show phoneDisplay and Call dials phone: one number, written twice.
    .superRefine((contact, context) => {
      if (!PHONE_FORMAT.test(contact.phone) || phoneDigits(contact.phoneDisplay) === phoneDigits(contact.phone)) return;
      context.addIssue({
        code: "custom",
        path: ["phoneDisplay"],
        message: `${contact.phoneDisplay} is not the number in phone (${contact.phone}): the pages would show one number and Call would dial the other; write the same number in both`,
      });
    }),
  address: z.strictObject({
    street: nonEmpty,
    locality: nonEmpty,
    region: z.string().regex(/^[A-Z]{2}$/, "must be a two-letter state code"),
    postalCode: z.string().regex(/^\d{5}$/, "must be a five-digit ZIP code"),
    country: z.string().regex(/^[A-Z]{2}$/, "must be a two-letter country code"),
    mapUrl: httpsUrl,
    /** How the copy names the office, e.g. "downtown Seattle office" (the `{{office}}` token). */
    officeName: nonEmpty,
    directions: nonEmpty,
  }),
  geo: z.strictObject({
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
  }),
  hours: z
    .array(
      z.strictObject({
        /** Names the `{{hours.<id>}}` tokens, e.g. inPerson → {{hours.inPerson}}. */
        id: z.string().regex(/^[a-z][A-Za-z0-9]*$/, "must be a short name like inPerson"),
        label: nonEmpty,
        days: z.array(z.enum(DAYS)).min(1),
        opens: hhmm,
        closes: hhmm,
      }),
    )
    .min(1)
    .refine((hours) => new Set(hours.map((entry) => entry.id)).size === hours.length, "each entry needs its own id"),
  /** The calendar the visit counts keep their days by. */
  timeZone: z.string().refine(isTimeZone, 'must be a time zone as the IANA database names it, like "America/Los_Angeles"').default("UTC"),
  acceptingNewClients: z.boolean(),
  /** Shown on the home page and in every page's help band while acceptingNewClients is true. */
  acceptingNote: nonEmpty,
  /** Shown in the same places while acceptingNewClients is false. */
  waitlistNote: nonEmpty,
  /** Who can meet in person and when: the one statement every city page repeats. */
  inPersonPolicy: nonEmpty,
  fees: z.strictObject({
    consultation: z.strictObject({ minutes: z.number().int().positive(), note: nonEmpty }),
    sessions: z.strictObject({
      couplesTherapy: z.strictObject({ amount: money, minutes: z.number().int().positive() }),
      individualTherapy: z.strictObject({ amount: money, minutes: z.number().int().positive() }),
    }),
    marathon: z
      .array(
        z.strictObject({
          id: slug,
          name: nonEmpty,
          hours: z.number().positive(),
          amount: money,
          description: nonEmpty,
        }),
      )
      .min(1),
    slidingScale: z.strictObject({ spots: z.number().int().nonnegative(), lowest: money, note: nonEmpty }),
    cancellation: z.strictObject({ noticeHours: z.number().int().positive(), note: nonEmpty }),
    marathonCancellation: nonEmpty,
    paymentMethods: z.array(nonEmpty).min(1),
  }),
  insurance: z.strictObject({
    inNetwork: z.array(nonEmpty),
    outOfNetworkNote: nonEmpty,
  }),
  locations: z
    .array(
      z.strictObject({
        slug: locationSlug,
        name: nonEmpty,
        /** Whether the office is in this city (clients from every city may meet there). */
        hasOffice: z.boolean(),
        neighbourhoods: z.array(nonEmpty).min(2),
        travelNote: nonEmpty,
        parkingNote: nonEmpty,
      }),
    )
    .min(1)
    .refine((locations) => new Set(locations.map((location) => location.slug)).size === locations.length, "each city needs its own slug"),
  /** Optional: without it the home page shows no video and the structured data carries none. */
  video: z
    .strictObject({
      title: nonEmpty,
      description: nonEmpty,
      file: z.string().regex(/^\/media\/[\w.-]+\.(mp4|webm)$/, "must be /media/<file>.mp4"),
      poster: z.string().regex(/^\/media\/[\w.-]+\.(jpg|png|webp)$/, "must be /media/<file>.jpg"),
      captions: z.string().regex(/^\/media\/[\w.-]+\.vtt$/, "must be /media/<file>.vtt"),
      /** The video's size in pixels. */
      width: z.number().int().positive(),
      height: z.number().int().positive(),
      durationSeconds: z.number().int().positive(),
      uploadDate: contentDate,
      transcript: nonEmpty,
    })
    .optional(),
  /** Optional: without it the structured data carries no Review (see content/README.md). */
  sampleReview: z
    .strictObject({
      rating: z.number().int().min(1).max(5),
      body: nonEmpty,
      datePublished: contentDate,
    })
    .optional(),
});
export type SiteConfig = z.output<typeof siteConfigSchema>;

/**
 * content/site.config.types.ts describes what the owner writes, without importing the app; the
 * schema is the rule, and this fails to compile the moment the two describe different things.
 */
type SameShape<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const siteConfigTypeMatchesSchema: SameShape<z.input<typeof siteConfigSchema>, SiteConfigInput> = true;
void siteConfigTypeMatchesSchema;

// ---------------------------------------------------------------- front matter

const keywords = z.array(nonEmpty).min(1, "needs at least one keyword");

/** Fields every page-like file shares: what the route registry and the metadata are built from. */
const pageMeta = {
  title: nonEmpty,
  description: z.string().trim().min(50, "must be at least 50 characters").max(300, "must be at most 300 characters"),
  keywords,
  heading: nonEmpty.optional(),
  lastUpdated: contentDate,
};

export const pageFrontMatterSchema = z.strictObject({
  ...pageMeta,
  navOrder: z.number().int().positive().optional(),
  noNav: z.boolean().default(false),
  /** The short name in the menu, breadcrumbs and lists (defaults to the title). */
  breadcrumb: nonEmpty.optional(),
  /** The page's main picture (the home page's hero), with what it shows. */
  image: imagePath.optional(),
  imageAlt: altText.optional(),
});
export type PageFrontMatter = z.output<typeof pageFrontMatterSchema>;

export const serviceFrontMatterSchema = z.strictObject({
  ...pageMeta,
  /** Which of the three core services this page is about. */
  service: z.enum(CORE_SERVICES),
  /** The city a city page is about (one of the site config's locations); core service pages leave it out. */
  location: locationSlug.optional(),
  summary: nonEmpty,
  breadcrumb: nonEmpty,
  image: imagePath.optional(),
  imageAlt: altText.optional(),
});
export type ServiceFrontMatter = z.output<typeof serviceFrontMatterSchema>;

export const locationFrontMatterSchema = z.strictObject({
  ...pageMeta,
  breadcrumb: nonEmpty,
  summary: nonEmpty,
});

/** `content/services/{location}/{variation}.md`: the city and the service come from the path. */
export const locationServiceFrontMatterSchema = z.strictObject({
  ...pageMeta,
  breadcrumb: nonEmpty,
  summary: nonEmpty,
  image: imagePath.optional(),
  imageAlt: altText.optional(),
});
export type LocationServiceFrontMatter = z.output<typeof locationServiceFrontMatterSchema>;

/**
 * A path on the site: one slash, then anything but a slash or a backslash (a browser reads
 * `//host/x` and `/\host/x` as another host), and no whitespace or control characters (a browser
 * drops a tab or a line break from a URL, so `/<tab>/host` would be `//host`).
 */
const isSitePath = (value: string): boolean => /^\/(?![/\\])[^\s\p{Cc}]*$/u.test(value);

/** An absolute https URL, written without spaces; whose host it names is the caller's check. */
const isHttpsUrl = (value: string): boolean => /^https:\/\/[^\s\p{Cc}]+$/u.test(value) && URL.canParse(value) && new URL(value).protocol === "https:";

export const blogFrontMatterSchema = z
  .strictObject({
    title: nonEmpty,
    description: z.string().trim().min(50, "must be at least 50 characters").max(300, "must be at most 300 characters"),
    /** Optional: defaults to the therapist and credentials in the site config. */
    author: nonEmpty.optional(),
    date: contentDate,
    lastUpdated: contentDate.optional(),
    categories: z.array(nonEmpty).min(1, "needs at least one category"),
    keywords: keywords.optional(),
    image: imagePath,
    imageAlt: altText,
    /** A path on the site, or an https URL on the site's own host (the loader checks the host against siteUrl). */
    canonical: z
      .string()
      .refine((value) => isSitePath(value) || isHttpsUrl(value), "must be a path on this site like /blog/my-post (one slash at the start), or an https:// URL on the site's own host")
      .optional(),
    ogImage: imagePath.optional(),
    tileLogo: imagePath.optional(),
    themeColor: z.string().regex(/^#[0-9a-fA-F]{6}$/, "must be a color like #ffffff").optional(),
    /** A post about low mood, suicide or self-harm: it opens with the 988 line, to call or text in one tap. */
    crisisLine: z.boolean().optional(),
  })
  .refine((post) => !post.lastUpdated || post.lastUpdated >= post.date, {
    message: "must not be earlier than date",
    path: ["lastUpdated"],
  });
export type BlogFrontMatter = z.output<typeof blogFrontMatterSchema>;

export const noticeFrontMatterSchema = z.strictObject({
  title: nonEmpty,
  lastUpdated: contentDate,
  /** A short line linking to the notice from the top of every page's header (the crisis notice's). */
  headerLink: nonEmpty.optional(),
});

export const faqFrontMatterSchema = z.strictObject({
  title: nonEmpty,
  lastUpdated: contentDate,
});
