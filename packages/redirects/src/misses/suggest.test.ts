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
    headings: ["Why I do this work", "Training and licence"],
    names: ["Jordan Ellis"],
    text: "Hello, I'm Jordan Ellis, MA, LMFT. I am a licensed marriage and family therapist.",
  },
  { path: "/contact", title: "Contact" },
  { path: "/FAQPage", title: "Frequently Asked Questions" },
  { path: "/policies", title: "Policies & FAQs" },
  { path: "/privacy-policy", title: "Privacy Policy" },
  {
    path: "/ratesAndInsurance",
    title: "Rates & Insurance",
    heading: "Rates, insurance and payment",
    description: "Fees for couples, marathon and individual therapy in Seattle, with an honest look at insurance for couples work, superbills, HSA and FSA cards and the sliding scale.",
    keywords: ["couples therapy cost Seattle", "therapy rates Seattle", "superbill therapy", "sliding scale therapy Seattle"],
  },
  { path: "/services", title: "Services" },
  { path: "/sitemap", title: "Sitemap" },
  { path: "/blog", title: "Blog: Relationships, Family & Wellbeing" },
  { path: "/services/couplesTherapy", title: "Couples Therapy in Seattle and Across Washington" },
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
