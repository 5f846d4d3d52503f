import { describe, expect, it } from "vitest";
import { Suggester, type SitePage } from "./suggest";

/** The site's pages as a visitor sees them (path and title), written out by hand. */
const PAGES: SitePage[] = [
  { path: "/", title: "Couples & Individual Therapy in Seattle" },
  {
    path: "/about-me",
    title: "About Me",
    description: "A licensed marriage and family therapist in downtown Seattle working with couples of every kind and with individual adults.",
    keywords: ["Seattle marriage and family therapist", "LMFT Seattle", "Emotionally Focused Therapy Seattle"],
    headings: [
      { text: "Why I do this work", id: "why-i-do-this-work" },
      { text: "Training and licence", id: "training-and-licence" },
      { text: "Telehealth across Washington", id: "telehealth-across-washington" },
    ],
    names: ["Jordan Ellis"],
    text: "Hello, I'm Jordan Ellis, MA, LMFT. I am a licensed marriage and family therapist.",
  },
  { path: "/contact", title: "Contact" },
  { path: "/FAQPage", title: "Frequently Asked Questions" },
  {
    path: "/policies",
    title: "Policies & FAQs",
    heading: "Practice policies and common questions",
    description: "How cancellations, late arrivals, confidentiality and its legal limits, the no-secrets approach in couples therapy, telehealth in Washington, emergencies, records and social media work at this Seattle practice.",
    keywords: ["therapy cancellation policy", "therapist confidentiality Washington", "telehealth therapy Washington", "therapy records Washington"],
    headings: [
      { text: "Cancellations and late arrivals", id: "cancellations-and-late-arrivals" },
      { text: "Confidentiality", id: "confidentiality" },
      { text: "Telehealth", id: "telehealth" },
      { text: "Emergencies", id: "emergencies" },
      { text: "Fees, insurance and Good Faith Estimates", id: "fees-insurance-and-good-faith-estimates" },
    ],
  },
  { path: "/privacy-policy", title: "Privacy Policy" },
  {
    path: "/ratesAndInsurance",
    title: "Rates & Insurance",
    heading: "Rates, insurance and payment",
    description: "Fees for couples, marathon and individual therapy in Seattle, with an honest look at insurance for couples work, superbills, HSA and FSA cards, the sliding scale and Good Faith Estimates.",
    keywords: ["couples therapy cost Seattle", "therapy rates Seattle", "superbill therapy", "sliding scale therapy Seattle"],
    headings: [
      { text: "How fees work", id: "how-fees-work" },
      { text: "Why couples therapy is often not covered by insurance", id: "why-couples-therapy-is-often-not-covered-by-insurance" },
    ],
  },
  {
    path: "/services",
    title: "Services",
    description: "Compare weekly couples therapy, marathon couples intensives and individual therapy in Seattle, and see how in-person and telehealth sessions work for Seattle, Bellevue, Tacoma and Renton.",
    keywords: ["therapy services Seattle", "couples therapy options", "couples intensive vs weekly therapy", "individual therapy Seattle", "telehealth couples therapy Washington"],
  },
  { path: "/sitemap", title: "Sitemap" },
  { path: "/blog", title: "Blog: Relationships, Family & Wellbeing" },
  {
    path: "/services/couplesTherapy",
    title: "Couples Therapy in Seattle and Across Washington",
    heading: "Couples therapy",
    description: "Weekly couples therapy with a licensed marriage and family therapist, in person in downtown Seattle or by telehealth anywhere in Washington, for conflict, distance, broken trust and big decisions.",
    keywords: ["couples therapy Seattle", "marriage counseling Seattle", "couples counseling Washington", "telehealth couples therapy Washington"],
  },
  { path: "/services/couplesTherapySeattle", title: "Couples Therapy Seattle, In Person at a Downtown Office" },
  { path: "/services/couplesCounselingSeattle", title: "Couples Counseling in Seattle: Communication, Money, Sex" },
  { path: "/services/individualTherapy", title: "Individual Therapy for Adults in Seattle and Washington" },
  { path: "/services/marathonCouplesTherapy", title: "Marathon Couples Therapy Intensives in Seattle" },
  { path: "/services/seattleInternsiveCouplesCounseling", title: "Intensive Couples Counseling in Seattle vs Weekly Sessions" },
  { path: "/services/seattleMarathonCouplesTherapy", title: "Seattle Marathon Couples Therapy After an Affair or Impasse" },
  { path: "/services/tacomaCouplesTherapy", title: "Tacoma Couples Therapy by Secure Video, Questions Answered" },
  { path: "/services/relationshipCounselingSeattle", title: "Relationship Counseling in Seattle for Every Kind of Couple" },
  { path: "/services/seattle", title: "Therapy in Seattle, In Person and by Telehealth" },
  { path: "/services/tacoma", title: "Therapy for Tacoma and the South Sound" },
  { path: "/services/tacoma/individualTherapy", title: "Individual Therapy for Tacoma Residents" },
  {
    path: "/services/bellevue/couplesTherapy",
    title: "Couples Therapy for Bellevue Couples by Video",
    heading: "Couples therapy for Bellevue, by video",
    description: "What weekly video couples therapy looks like for Bellevue couples, from setting up a session at home and protecting the hour from work to when to come into the Seattle office.",
    keywords: ["Bellevue couples therapy by video", "online couples counseling Bellevue", "Eastside marriage therapist online", "couples telehealth Washington"],
  },
  { path: "/blog/pursue-withdraw-cycle", title: "The Pursue–Withdraw Cycle: Why the Same Fight Comes Back" },
  { path: "/blog/repair-after-an-argument", title: "Repair After an Argument: Small Moves That Matter" },
  { path: "/blog/when-your-teen-stops-talking", title: "When Your Teen Stops Talking: How to Stay Connected" },
  { path: "/blog/blended-family-first-year", title: "Blended Families: What the First Year Is Really Like" },
  { path: "/blog/first-couples-therapy-session", title: "What Actually Happens in a First Couples Therapy Session" },
  { path: "/blog/seasonal-low-mood-pacific-northwest", title: "Seattle Winters and Low Mood: What Helps, When to Get Help" },
];
const CATEGORIES = [
  { name: "Couples Therapy", slug: "couples-therapy" },
  { name: "Family Therapy", slug: "family-therapy" },
  { name: "Individual Therapy", slug: "individual-therapy" },
  { name: "Marathon Therapy", slug: "marathon-therapy" },
];

/** Legacy paths an old therapist's site (often WordPress or a site builder) leaves behind, and where a person would send each. */
const EXPECTED: [legacy: string, target: string | undefined][] = [
  ["/about.html", "/about-me"],
  ["/about-us", "/about-me"],
  ["/author/jordan-ellis", "/about-me"],
  ["/contact-us.php", "/contact"],
  ["/contact/index.html", "/contact"],
  ["/index.html", "/"],
  ["/index.php", "/"],
  ["/faqs", "/FAQPage"],
  ["/privacy-policy.html", "/privacy-policy"],
  ["/fees", "/ratesAndInsurance"],
  ["/fees-and-insurance.htm", "/ratesAndInsurance"],
  ["/insurance", "/ratesAndInsurance"],
  ["/couples-therapy.html", "/services/couplesTherapy"],
  ["/marriage-counseling", "/services/couplesTherapy"],
  ["/services/couples-counseling-seattle/", "/services/couplesCounselingSeattle"],
  ["/individual-therapy", "/services/individualTherapy"],
  ["/tacoma-couples-therapy", "/services/tacomaCouplesTherapy"],
  ["/seattle", "/services/seattle"],
  ["/intensive-couples-counseling-seattle", "/services/seattleInternsiveCouplesCounseling"],
  ["/2019/05/why-the-same-fight-keeps-happening", "/blog/pursue-withdraw-cycle"],
  ["/blog/2021/03/14/repair-after-a-fight.html", "/blog/repair-after-an-argument"],
  ["/2018/11/when-teens-stop-talking/amp", "/blog/when-your-teen-stops-talking"],
  ["/blog/what-happens-in-the-first-couples-session", "/blog/first-couples-therapy-session"],
  ["/category/couples-therapy", "/blog?category=Couples%20Therapy"],
  ["/blog/category/family/", "/blog?category=Family%20Therapy"],
  ["/tag/gardening", "/blog"],
  ["/wp-login.php", undefined],
  ["/wp-admin/setup-config.php", undefined],
  ["/xmlrpc.php", undefined],
  ["/.env", undefined],
  ["/free-kittens-for-adoption", undefined],
  ["/a8f3k2", undefined],
  // The therapist's name, which only the About page shows.
  ["/our-team/jordan-ellis-bio.html", "/about-me"],
  ["/meet-jordan-ellis", "/about-me"],
  ["/staff/Jordan_Ellis.aspx", "/about-me"],
  // Other words for what a page is about.
  ["/what-we-charge", "/ratesAndInsurance"],
  ["/session-prices.aspx", "/ratesAndInsurance"],
  ["/sliding-scale", "/ratesAndInsurance"],
  ["/relationship-counselling", "/services/couplesTherapy"],
  // Dates in the path, as folders or in the slug.
  ["/2020/01/15/seasonal-depression-seattle-winter", "/blog/seasonal-low-mood-pacific-northwest"],
  ["/blog/2019-05-12-repair-after-fighting", "/blog/repair-after-an-argument"],
  ["/2017/blended-families", "/blog/blended-family-first-year"],
  // Old servers' file names.
  ["/default.aspx", "/"],
  ["/blog/index.html", "/blog"],
  ["/Contact_Us.aspx", "/contact"],
  ["/about-us.asp", "/about-me"],
  ["/faq.php", "/FAQPage"],
  // Misspellings.
  ["/couples-thearpy", "/services/couplesTherapy"],
  ["/indivdual-therapy", "/services/individualTherapy"],
  ["/privcy-policy", "/privacy-policy"],
  // A service page under the old site's services folder: the page itself, not the folder's list.
  ["/services/couples-counseling.html", "/services/couplesTherapy"],
  ["/services/individual-counseling.html", "/services/individualTherapy"],
  ["/services/couples-intensives", "/services/marathonCouplesTherapy"],
  ["/services/marathon-couples-therapy.html", "/services/marathonCouplesTherapy"],
  ["/services/", "/services"],
  // A topic that is a section of a page: that section.
  ["/telehealth", "/policies#telehealth"],
  ["/confidentiality.html", "/policies#confidentiality"],
  // A topic only a page's description names: that page.
  ["/good-faith-estimate", "/ratesAndInsurance"],
  // Close to nothing the site has.
  ["/jobs/receptionist-opening", undefined],
  ["/shop/gift-cards", undefined],
];

/** Why each is suggested, as the report shows it. */
const REASONS: [legacy: string, why: string][] = [
  ["/our-team/jordan-ellis-bio.html", "matches the therapist's name"],
  ["/what-we-charge", "matches the page's address"],
  ["/sliding-scale", "matches the page's keywords"],
  ["/2019/05/why-the-same-fight-keeps-happening", "matches the page title"],
  ["/author/jordan-ellis", "an author page of the old blog"],
  ["/index.php", "the old site's home page"],
  ["/category/couples-therapy", "the blog's Couples Therapy list"],
  ["/telehealth", "matches a heading on the page"],
  ["/good-faith-estimate", "matches the page's description"],
];

describe("suggested targets for legacy paths", () => {
  const suggester = new Suggester(PAGES, CATEGORIES);
  for (const [legacy, target] of EXPECTED) {
    it(`${legacy} → ${target ?? "none"}`, () => {
      expect(suggester.suggest(legacy)?.to).toBe(target);
    });
  }
  for (const [legacy, why] of REASONS) {
    it(`${legacy}: "${why}"`, () => {
      expect(suggester.suggest(legacy)?.why).toBe(why);
    });
  }
});
