/**
 * What a visitor should see of the second practice (testing/practices/madrona/content), written
 * down by hand from its files, as e2e/site.ts is for content/: every page with its tab title,
 * heading and breadcrumb trail, and the facts its pages show. Nothing here is read from its config or
 * computed by the app. Its production build is served beside the sample's (playwright.config.ts, on
 * E2E_NO_ANALYTICS_PORT: it has no tag manager, which the analytics and new-build tests use too).
 */
import { type PageRow, row, rowOf } from "./site";

export const SECOND_PRACTICE_ORIGIN = `http://127.0.0.1:${process.env.E2E_NO_ANALYTICS_PORT ?? 3101}`;
/** Its production build's folder (`pnpm --filter @practice/web build:second-practice`). */
export const SECOND_PRACTICE_DIST = ".next-second-practice";

export const MADRONA = {
  name: "Madrona Family Therapy",
  phoneDisplay: "(253) 104-7781",
  phoneHref: "tel:+12531047781",
  email: "hola@madronafamilytherapy.test",
  bookingUrl: "https://madrona.janeapp.test/booking",
  bookingLabel: "Book a free 20-minute call",
  /** What a call reaches and how soon it is returned, as the contact strip says it. */
  callNote: "A confidential line checked twice a day, replies within two business days",
  /** The waitlist note: the practice is not taking new clients (acceptingNewClients: false). */
  availability: "The weekly schedule is full; families and couples can join a short waitlist, usually four to six weeks.",
  /** The rates page: each fee as shown, and the plans it is in network with. */
  fees: { couples: "$185", individual: "$150", halfDay: "$840", fullDay: "$1,620", slidingFrom: "5 places, from $80 a session." },
  inNetwork: ["Apple Health (Washington Medicaid)", "Kaiser Permanente Washington"],
  /** Who can meet in person and when, as every city page states it. */
  inPersonHours: "Tuesday to Friday, 7 am to 3 pm",
  videoHours: "Monday to Thursday, 7 am to 6 pm",
  /** The cities, as the sitemap lists their pages and `{{cities}}` writes them. */
  cities: ["Tacoma", "Olympia"],
  citiesInProse: "Tacoma and Olympia",
  languages: "English and Spanish",
} as const;

export const MADRONA_POSTS = [
  { slug: "two-languages-one-family", title: "Two Languages, One Family: Arguments Lost in Translation" },
  { slug: "when-your-teenager-shuts-the-door", title: "When Your Teenager Shuts the Door" },
  { slug: "first-year-in-a-new-town", title: "The First Year in a New Town, for Couples" },
];

/** Every page of the second practice. */
export const MADRONA_PAGES: PageRow[] = [
  row("page", "/", "Family & Couples Therapy in Tacoma and Olympia", "Help for families who have stopped hearing each other", "Home"),
  row("page", "/about-me", "About the Therapist", "About me", "Home › About"),
  row("page", "/contact", "Contact", "Contact the practice", "Home › Contact"),
  row("page", "/ratesAndInsurance", "Fees & Insurance", "Fees, insurance and paying for therapy", "Home › Fees & Insurance"),
  row("page", "/policies", "Policies & Questions", "Policies, privacy and common questions", "Home › Policies"),
  row("page", "/blog", "Articles for Families and Couples", "Articles", "Home › Articles"),
  row("page", "/privacy-policy", "Privacy Policy", "Privacy policy", "Home › Privacy Policy"),
  row("page", "/consumer-health-data-privacy-policy", "Consumer Health Data Privacy Policy", "Consumer Health Data Privacy Policy", "Home › Consumer Health Data Privacy Policy"),
  row("page", "/accessibility", "Accessibility Statement", "Accessibility of this website", "Home › Accessibility"),
  row("page", "/FAQPage", "Questions Families Ask", "Questions families ask", "Home › Questions"),
  row("page", "/sitemap", "Site Map", "Site Map", "Home › Site Map"),
  row("page", "/services", "Services", "Ways we can work together", "Home › Services"),
  row("service", "/services/couplesTherapy", "Couples Therapy in Tacoma, in English or Spanish", "Couples therapy", "Home › Services › Couples Therapy"),
  row("service", "/services/individualTherapy", "Individual Therapy for Adults in Tacoma", "Individual therapy", "Home › Services › Individual Therapy"),
  row("service", "/services/marathonCouplesTherapy", "Couples Intensives in Tacoma, Half or Full Day", "Couples intensives", "Home › Services › Couples Intensives"),
  row("city", "/services/tacoma", "Family Therapy in Tacoma, Near Old Town", "Therapy in Tacoma", "Home › Services › Tacoma"),
  row("cityService", "/services/tacoma/couplesTherapy", "Couples and Family Therapy for Tacoma Households", "Couples and family therapy in Tacoma", "Home › Services › Tacoma › Couples Therapy"),
  row("cityService", "/services/tacoma/individualTherapy", "Individual Therapy in Tacoma, In Person or by Video", "Individual therapy in Tacoma", "Home › Services › Tacoma › Individual Therapy"),
  row("cityService", "/services/tacoma/marathonCouplesTherapy", "Couples Intensives for Tacoma Couples", "Couples intensives in Tacoma", "Home › Services › Tacoma › Couples Intensives"),
  row("city", "/services/olympia", "Therapy for Olympia Families by Video", "Therapy for Olympia families", "Home › Services › Olympia"),
  row("cityService", "/services/olympia/couplesTherapy", "Couples and Family Therapy for Olympia by Video", "Couples and family therapy for Olympia", "Home › Services › Olympia › Couples Therapy"),
  row("cityService", "/services/olympia/individualTherapy", "Individual Therapy for Olympia Adults by Video", "Individual therapy for Olympia adults", "Home › Services › Olympia › Individual Therapy"),
  row("cityService", "/services/olympia/marathonCouplesTherapy", "Couples Intensives for Olympia Couples in Tacoma", "Couples intensives for Olympia couples", "Home › Services › Olympia › Couples Intensives"),
  ...MADRONA_POSTS.map((post) => row("post", `/blog/${post.slug}`, post.title, post.title, `Home › Articles › ${post.title}`)),
];

export const madronaPage = (path: string): PageRow => rowOf(MADRONA_PAGES, path, "e2e/second-practice.ts");

export const madronaTabTitle = (pageTitle: string) => `${pageTitle} | ${MADRONA.name}`;
