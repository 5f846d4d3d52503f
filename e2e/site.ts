/**
 * What a visitor should see, written down by hand from content/ (the front matter of
 * content/pages, content/services and content/blog, and content/site.config.ts): every route with
 * its tab title, heading and breadcrumb trail, the navigation's order, the posts, and the practice's
 * facts as the pages show them. Nothing here is computed by the app (no registry, no title rule, no
 * compiled content), so a wrong registry, title or trail fails a test. When the owner changes what
 * a page is called, this table changes in the same commit.
 */
import config from "../content/site.config";
import type { SiteConfigInput } from "../content/site.config.types";

/**
 * The practice's facts, as the owner wrote them in content/site.config.ts (their sample values are
 * the owner's to replace: read from the owner's file, so replacing them fails no test). The
 * pages must show these, spelt as written there.
 */
export const SITE = {
  name: config.siteName,
  url: config.siteUrl,
  gtmId: config.gtmId,
  phone: config.contact.phone,
  phoneDisplay: config.contact.phoneDisplay,
  bookingUrl: config.contact.bookingUrl,
  bookingLabel: config.contact.bookingLabel.replace("{{consultation.minutes}}", String(config.fees.consultation.minutes)),
  photoAlt: config.therapist.photoAlt.replace("{{therapist}}", config.therapist.name),
  licenceNumber: config.therapist.licence.number,
  geo: config.geo,
  /** Where the office is, and when sessions are held, as the structured data gives them. */
  address: { locality: config.address.locality, region: config.address.region, postalCode: config.address.postalCode },
  hours: config.hours.map((entry) => ({ days: [...entry.days], opens: entry.opens, closes: entry.closes })),
  themeColor: config.themeColor,
  couplesSessionFee: config.fees.sessions.couplesTherapy.amount,
  consultationMinutes: config.fees.consultation.minutes,
  /** What a call to the practice reaches ("voicemail") and how soon it is returned ("one business day"). */
  callReaches: config.contact.callReaches,
  replyWithin: config.contact.replyWithin,
  crisisHeading: "If you are in crisis",
  /** Whether the owner published a client review in the structured data (the sample config has none). */
  review: (config as SiteConfigInput).sampleReview,
  /** The home page's intro video, if the owner has one (optional: the sample's is named by the build as the sample's). */
  video: (config as SiteConfigInput).video,
} as const;

/** The national crisis lines, as every page must offer them: 988 to call or text, 911 to call. */
export const CRISIS = { call988: "tel:988", text988: "sms:988", call911: "tel:911" } as const;

/** A 24-hour time as the pages write it, "17:00" → "5 pm", "08:30" → "8:30 am" (by hand here, not the app's formatter). */
function clock(hhmm: string): string {
  const [hour = 0, minute = 0] = hhmm.split(":").map(Number);
  return `${hour % 12 || 12}${minute ? `:${String(minute).padStart(2, "0")}` : ""} ${hour >= 12 ? "pm" : "am"}`;
}
const closes = (id: string) => clock(config.hours.find((entry) => entry.id === id)!.closes);

/** When sessions end, as the pages write it: the owner's hours (content/site.config.ts, `hours`, the entries inPerson and telehealth). */
export const HOURS = { inPersonCloses: closes("inPerson"), telehealthCloses: closes("telehealth") } as const;

/**
 * The Good Faith Estimate notice (content/notices/good-faith-estimate.md): its title, then each
 * paragraph and list item as read. Its sentences are CMS's model notice's ("Right to Receive a Good
 * Faith Estimate of Expected Charges"), the "total expected cost" one included.
 */
export const GOOD_FAITH_ESTIMATE = [
  "Your right to a Good Faith Estimate",
  'You have the right to receive a "Good Faith Estimate" explaining how much your health care will cost.',
  "Under the law, health care providers need to give patients who don't have certain types of health care coverage or who are not using certain types of health care coverage an estimate of their bill for health care items and services before those items or services are provided.",
  "You have the right to receive a Good Faith Estimate for the total expected cost of any health care items or services upon request or when scheduling such items or services. This includes related costs like medical tests, prescription drugs, equipment, and hospital fees.",
  "If you schedule a health care item or service at least 3 business days in advance, make sure your health care provider or facility gives you a Good Faith Estimate in writing within 1 business day after scheduling. If you schedule a health care item or service at least 10 business days in advance, make sure your health care provider or facility gives you a Good Faith Estimate in writing within 3 business days after scheduling. You can also ask any health care provider or facility for a Good Faith Estimate before you schedule an item or service. If you do, make sure the health care provider or facility gives you a Good Faith Estimate in writing within 3 business days after you ask.",
  "If you receive a bill that is at least $400 more for any provider or facility than your Good Faith Estimate from that provider or facility, you can dispute the bill.",
  "Make sure to save a copy or picture of your Good Faith Estimate and the bill.",
  "Here, the estimate lists the sessions or intensive we expect and their fees, and I am happy to go through it with you before you book.",
  "For questions or more information about your right to a Good Faith Estimate, visit www.cms.gov/nosurprises/consumers, email FederalPPDRQuestions@cms.hhs.gov, or call 1-800-985-3059.",
];

/** The federal No Surprises help line, as the notice links it: one tap to call. */
export const GOOD_FAITH_ESTIMATE_LINE = { text: "1-800-985-3059", href: "tel:+18009853059" };

/** The tab's title: the page's own title, then the practice's name. */
export const tabTitle = (pageTitle: string) => `${pageTitle} | ${SITE.name}`;

/**
 * page: content/pages; service: a core service; landing: a service page for one city (front matter
 * `location`); city: a city's page; cityService: a core service in a city; post: a blog article.
 */
type Kind = "page" | "service" | "landing" | "city" | "cityService" | "post";

export interface PageRow {
  path: string;
  kind: Kind;
  /** The page's own title (the tab shows `tabTitle(title)`). */
  title: string;
  /** The visible h1. */
  heading: string;
  /** The breadcrumb trail's labels, from Home to the page itself: one per path segment. */
  trail: string[];
}

/** A row of a table of pages; the trail written "Home › Blog › …". */
export const row = (kind: Kind, path: string, title: string, heading: string, trail: string): PageRow => ({ path, kind, title, heading, trail: trail.split(" › ") });

/** The row of `path` in `rows`, or an error naming the table (`file`) it is missing from. */
export function rowOf(rows: readonly PageRow[], path: string, file: string): PageRow {
  const found = rows.find((entry) => entry.path === path);
  if (!found) throw new Error(`no page ${path} in ${file}`);
  return found;
}

interface PostRow {
  slug: string;
  title: string;
  /** Published (front matter `date`) and last updated (`lastUpdated`, or the published date). */
  date: string;
  lastUpdated: string;
  categories: string[];
  /** The file name of the post's main image (content/images), without its extension. */
  image: string;
  /** About low mood, suicide or self-harm (front matter `crisisLine: true`): it opens with the 988 line. */
  crisisLine?: true;
}

/** The blog, newest first: the order the blog list shows. */
export const POSTS: PostRow[] = [
  { slug: "seasonal-low-mood-pacific-northwest", title: "Seattle Winters and Low Mood: What Helps, When to Get Help", date: "2026-10-06", lastUpdated: "2026-10-27", categories: ["Individual Therapy"], image: "blog-rain-window", crisisLine: true },
  { slug: "individual-therapy-while-partnered", title: "Starting Individual Therapy While You're in a Relationship", date: "2026-08-18", lastUpdated: "2026-08-18", categories: ["Individual Therapy", "Couples Therapy"], image: "blog-bridge" },
  { slug: "blended-family-first-year", title: "Blended Families: What the First Year Is Really Like", date: "2026-06-09", lastUpdated: "2026-06-30", categories: ["Family Therapy", "Couples Therapy"], image: "blog-family-tree" },
  { slug: "when-your-teen-stops-talking", title: "When Your Teen Stops Talking: How to Stay Connected", date: "2026-04-28", lastUpdated: "2026-04-28", categories: ["Family Therapy"], image: "blog-lanterns" },
  { slug: "repair-after-an-argument", title: "Repair After an Argument: Small Moves That Matter", date: "2026-03-10", lastUpdated: "2026-03-31", categories: ["Couples Therapy"], image: "blog-kites" },
  { slug: "is-a-couples-intensive-right-for-us", title: "Couples Intensive or Weekly Therapy: Which Is Right for Us?", date: "2026-01-20", lastUpdated: "2026-01-20", categories: ["Couples Therapy", "Marathon Therapy"], image: "blog-compass" },
  { slug: "pursue-withdraw-cycle", title: "The Pursue–Withdraw Cycle: Why the Same Fight Comes Back", date: "2025-11-04", lastUpdated: "2025-11-04", categories: ["Couples Therapy"], image: "blog-tide" },
  { slug: "first-couples-therapy-session", title: "What Actually Happens in a First Couples Therapy Session", date: "2025-09-16", lastUpdated: "2025-11-11", categories: ["Couples Therapy"], image: "blog-two-chairs" },
];
export const postPath = (post: PostRow) => `/blog/${post.slug}`;
/** The newest post: the one tests use where any article will do. */
export const NEWEST_POST = POSTS[0]!;
/** The post whose body has an image far below the first screen (content/blog/seasonal-low-mood-pacific-northwest.md). */
export const POST_WITH_LATE_IMAGE = { path: "/blog/seasonal-low-mood-pacific-northwest", image: "blog-stepping-stones" };
export const postsIn = (category: string) => POSTS.filter((post) => post.categories.includes(category));

/** Every public page. A post's heading and last crumb are its title. */
export const PAGES: PageRow[] = [
  row("page", "/", "Couples & Individual Therapy in Seattle", "Therapy for couples ready to stop having the same fight", "Home"),
  row("page", "/about-me", "About Me", "About me", "Home › About"),
  row("page", "/contact", "Contact", "Get in touch", "Home › Contact"),
  row("page", "/ratesAndInsurance", "Rates & Insurance", "Rates, insurance and payment", "Home › Rates & Insurance"),
  row("page", "/policies", "Policies & FAQs", "Practice policies and common questions", "Home › Policies & FAQs"),
  row("page", "/blog", "Blog: Relationships, Family & Wellbeing", "Blog", "Home › Blog"),
  row("page", "/privacy-policy", "Privacy Policy", "Privacy policy", "Home › Privacy Policy"),
  row("page", "/consumer-health-data-privacy-policy", "Consumer Health Data Privacy Policy", "Consumer Health Data Privacy Policy", "Home › Consumer Health Data Privacy Policy"),
  row("page", "/accessibility", "Accessibility Statement", "Accessibility statement", "Home › Accessibility"),
  row("page", "/FAQPage", "Frequently Asked Questions", "Frequently asked questions", "Home › FAQ"),
  row("page", "/sitemap", "Sitemap", "Sitemap", "Home › Sitemap"),
  row("page", "/services", "Services", "Services", "Home › Services"),

  row("service", "/services/couplesTherapy", "Couples Therapy in Seattle and Across Washington", "Couples therapy", "Home › Services › Couples Therapy"),
  row("service", "/services/individualTherapy", "Individual Therapy for Adults in Seattle and Washington", "Individual therapy", "Home › Services › Individual Therapy"),
  row("service", "/services/marathonCouplesTherapy", "Marathon Couples Therapy Intensives in Seattle", "Marathon couples therapy", "Home › Services › Marathon Couples Therapy"),
  row("landing", "/services/couplesTherapySeattle", "Couples Therapy Seattle, In Person at a Downtown Office", "Couples therapy in Seattle, in the room", "Home › Services › Couples Therapy in Seattle"),
  row("landing", "/services/seattleCouplesTherapy", "Seattle Couples Therapy for Busy Schedules, Day or Evening", "Seattle couples therapy that fits your week", "Home › Services › Seattle Couples Therapy"),
  row("landing", "/services/couplesCounselingSeattle", "Couples Counseling in Seattle: Communication, Money, Sex", "Couples counseling for the problems you keep coming back to", "Home › Services › Couples Counseling Seattle"),
  row("landing", "/services/relationshipCounselingSeattle", "Relationship Counseling in Seattle for Every Kind of Couple", "Relationship counseling, whatever shape yours takes", "Home › Services › Relationship Counseling Seattle"),
  row("landing", "/services/individualTherapySeattle", "Individual Therapy in Seattle, Downtown or by Video", "Individual therapy in Seattle", "Home › Services › Individual Therapy in Seattle"),
  row("landing", "/services/marathonTherapySeattle", "Marathon Therapy in Seattle, What the Day Looks Like", "Your marathon therapy day in downtown Seattle", "Home › Services › Marathon Therapy in Seattle"),
  row("landing", "/services/seattleMarathonCouplesTherapy", "Seattle Marathon Couples Therapy After an Affair or Impasse", "Who marathon couples therapy in Seattle helps most", "Home › Services › Seattle Marathon Couples Therapy"),
  row("landing", "/services/seattleInternsiveCouplesCounseling", "Intensive Couples Counseling in Seattle vs Weekly Sessions", "Intensive couples counseling in Seattle", "Home › Services › Intensive Couples Counseling"),
  row("landing", "/services/bellevueCouplesTherapy", "Bellevue Couples Therapy by Telehealth, Office in Seattle", "Couples therapy for Bellevue and Eastside couples", "Home › Services › Couples Therapy Bellevue"),
  row("landing", "/services/individualTherapyBellevue", "Individual Therapy in Bellevue by Secure Video", "Individual therapy for Bellevue adults", "Home › Services › Individual Therapy Bellevue"),
  row("landing", "/services/bellevueMarathonCouplesTherapy", "Bellevue Marathon Couples Therapy for Full Calendars", "Marathon couples therapy for Bellevue couples", "Home › Services › Marathon Therapy Bellevue"),
  row("landing", "/services/tacomaCouplesTherapy", "Tacoma Couples Therapy by Secure Video, Questions Answered", "Couples therapy for Tacoma couples", "Home › Services › Couples Therapy Tacoma"),
  row("landing", "/services/individualTherapyTacoma", "Individual Therapy for Tacoma and the South Sound by Video", "Individual therapy for Tacoma adults", "Home › Services › Individual Therapy Tacoma"),
  row("landing", "/services/rentonCouplesTherapy", "Renton Couples Therapy From Home or at the Seattle Office", "Couples therapy for Renton couples", "Home › Services › Couples Therapy Renton"),
  row("landing", "/services/rentonMarathonCouplesTherapy", "Renton Marathon Couples Therapy, Planned Around Family Life", "Marathon couples therapy for Renton couples", "Home › Services › Marathon Therapy Renton"),

  row("city", "/services/seattle", "Therapy in Seattle, In Person and by Telehealth", "Therapy in Seattle", "Home › Services › Seattle"),
  row("cityService", "/services/seattle/couplesTherapy", "Couples Therapy for Seattle Couples", "Couples therapy for Seattle couples", "Home › Services › Seattle › Couples Therapy"),
  row("cityService", "/services/seattle/individualTherapy", "Individual Therapy for Seattle Residents", "Individual therapy for Seattle residents", "Home › Services › Seattle › Individual Therapy"),
  row("cityService", "/services/seattle/marathonCouplesTherapy", "Marathon Couples Therapy for Seattle Couples", "Marathon couples therapy for Seattle couples", "Home › Services › Seattle › Marathon Couples Therapy"),
  row("city", "/services/bellevue", "Therapy for Bellevue and the Eastside", "Therapy for Bellevue clients", "Home › Services › Bellevue"),
  row("cityService", "/services/bellevue/couplesTherapy", "Couples Therapy for Bellevue Couples by Video", "Couples therapy for Bellevue, by video", "Home › Services › Bellevue › Couples Therapy"),
  row("cityService", "/services/bellevue/individualTherapy", "Individual Therapy for Bellevue Residents", "Individual therapy for Bellevue residents", "Home › Services › Bellevue › Individual Therapy"),
  row("cityService", "/services/bellevue/marathonCouplesTherapy", "Couples Intensives for Bellevue Couples", "Couples intensives for Bellevue couples", "Home › Services › Bellevue › Marathon Couples Therapy"),
  row("city", "/services/tacoma", "Therapy for Tacoma and the South Sound", "Therapy for Tacoma clients", "Home › Services › Tacoma"),
  row("cityService", "/services/tacoma/couplesTherapy", "Couples Therapy for Tacoma Couples Over Video", "Couples therapy for Tacoma, over video", "Home › Services › Tacoma › Couples Therapy"),
  row("cityService", "/services/tacoma/individualTherapy", "Individual Therapy for Tacoma Residents", "Individual therapy for Tacoma residents", "Home › Services › Tacoma › Individual Therapy"),
  row("cityService", "/services/tacoma/marathonCouplesTherapy", "Couples Intensives for Tacoma Couples", "Couples intensives for Tacoma couples", "Home › Services › Tacoma › Marathon Couples Therapy"),
  row("city", "/services/renton", "Therapy for Renton Clients", "Therapy for Renton clients", "Home › Services › Renton"),
  row("cityService", "/services/renton/couplesTherapy", "Couples Therapy for Renton Families", "Couples therapy for Renton families", "Home › Services › Renton › Couples Therapy"),
  row("cityService", "/services/renton/individualTherapy", "Individual Therapy for Renton Adults", "Individual therapy for Renton adults", "Home › Services › Renton › Individual Therapy"),
  row("cityService", "/services/renton/marathonCouplesTherapy", "Couples Intensives for Renton Couples", "Couples intensives for Renton couples", "Home › Services › Renton › Marathon Couples Therapy"),

  ...POSTS.map((post) => row("post", postPath(post), post.title, post.title, `Home › Blog › ${post.title}`)),
];

export const page = (path: string): PageRow => rowOf(PAGES, path, "e2e/site.ts");

/** The main navigation, in order, by the names it shows. */
export const NAV: [label: string, path: string][] = [
  ["Home", "/"],
  ["About", "/about-me"],
  ["Contact", "/contact"],
  ["Rates & Insurance", "/ratesAndInsurance"],
  ["Policies & FAQs", "/policies"],
  ["Blog", "/blog"],
];
/** The services menu: the three core services. */
export const SERVICE_MENU: [label: string, path: string][] = [
  ["Couples Therapy", "/services/couplesTherapy"],
  ["Individual Therapy", "/services/individualTherapy"],
  ["Marathon Couples Therapy", "/services/marathonCouplesTherapy"],
];

/** The /sitemap page's lists, as a visitor reads them; "Therapy by city" holds the city, city-service and landing pages. */
export const SITEMAP_PAGE = {
  Pages: ["Home", "About", "Contact", "Rates & Insurance", "Policies & FAQs", "Blog", "Privacy Policy", "Consumer Health Data Privacy Policy", "Accessibility", "FAQ", "Sitemap"],
  Services: ["Services", "Couples Therapy", "Individual Therapy", "Marathon Couples Therapy"],
  Blog: POSTS.map((post) => post.title),
};

/** The pages the site must have, by path, so a page missing from the content fails a test. */
export const REQUIRED_PAGES = ["/", "/about-me", "/contact", "/ratesAndInsurance", "/policies", "/blog", "/privacy-policy", "/consumer-health-data-privacy-policy", "/accessibility", "/FAQPage", "/sitemap"];
export const REQUIRED_SERVICES = [
  "couplesTherapy", "individualTherapy", "marathonCouplesTherapy", "rentonCouplesTherapy", "tacomaCouplesTherapy",
  "couplesTherapySeattle", "seattleCouplesTherapy", "bellevueCouplesTherapy", "marathonTherapySeattle",
  "individualTherapyTacoma", "couplesCounselingSeattle", "individualTherapySeattle", "individualTherapyBellevue",
  "rentonMarathonCouplesTherapy", "relationshipCounselingSeattle", "seattleMarathonCouplesTherapy",
  "bellevueMarathonCouplesTherapy", "seattleInternsiveCouplesCounseling",
];
export const REQUIRED_LOCATIONS = ["seattle", "bellevue", "tacoma", "renton"];
/** The cities as the pages list them (`{{cities}}`: the config's locations, in order, "A, B and C"). */
const names = config.locations.map((location) => location.name);
export const CITIES = names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : (names[0] ?? "");
export const REQUIRED_VARIATIONS = ["couplesTherapy", "individualTherapy", "marathonCouplesTherapy"];
