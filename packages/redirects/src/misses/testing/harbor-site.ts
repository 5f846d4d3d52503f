/**
 * A second practice's site, written by hand for the misses tests so that the suggestions are not
 * tuned to the sample's pages: a psychologist in Portland, Oregon (anxiety and OCD, trauma and
 * EMDR, teens and families, couples, new parents), with other addresses, other titles and other
 * words for the same things (fees-insurance, approach, telehealth, notice of privacy practices).
 */
import type { BlogCategory, SitePage } from "../suggest";

const h = (text: string) => ({ text, id: text.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") });

export const HARBOR_PAGES: SitePage[] = [
  {
    path: "/",
    title: "Harbor Light Psychology: Therapy in Portland, Oregon",
    description: "Dr. Maya Okafor, a licensed psychologist in Portland, helps adults, teens and couples with anxiety, trauma and the strain of family life, in person in Southeast Portland or by video anywhere in Oregon.",
    keywords: ["psychologist Portland", "therapy Portland Oregon"],
    headings: [h("How I can help"), h("Where we meet"), h("Getting started")],
    names: ["Maya Okafor"],
    text: "Therapy with Dr. Maya Okafor. Anxiety, OCD, trauma, teens, families and couples in Portland.",
  },
  {
    path: "/about",
    title: "About Dr. Maya Okafor",
    description: "Licensed psychologist in Oregon since 2012: training in exposure therapy, EMDR and family systems, and what sessions with me are like.",
    keywords: ["Portland psychologist", "PsyD Portland", "Maya Okafor"],
    headings: [h("My background"), h("Licensure"), h("Outside the office")],
    names: ["Maya Okafor"],
    text: "I am Dr. Maya Okafor, a licensed psychologist. I trained at Pacific University and have practiced in Portland since 2012.",
  },
  {
    path: "/approach",
    title: "How I Work",
    heading: "My approach to therapy",
    description: "What therapy with me looks like: collaborative, structured when it helps, grounded in exposure therapy, EMDR and family systems, with goals we set together.",
    keywords: ["therapy approach", "evidence-based therapy Portland", "collaborative therapy"],
    headings: [h("Collaborative and structured"), h("Evidence-based methods"), h("Measuring progress")],
    text: "My approach is collaborative. We agree on goals, use methods with good evidence behind them, and check progress together every few weeks.",
  },
  {
    path: "/services/anxiety-ocd",
    title: "Anxiety and OCD Treatment in Portland",
    description: "Exposure and response prevention and CBT for panic, worry, social anxiety and OCD, for adults and teens, in Portland or by video.",
    keywords: ["anxiety therapist Portland", "OCD treatment Portland", "ERP therapy Oregon", "panic attacks therapy"],
    headings: [h("What anxiety treatment involves"), h("Exposure and response prevention"), h("How long it takes")],
    text: "Anxiety and obsessive-compulsive disorder respond well to structured treatment. Exposure and response prevention (ERP) is the first choice for OCD.",
  },
  {
    path: "/services/emdr-trauma",
    title: "Trauma Therapy and EMDR in Portland",
    description: "EMDR and trauma-focused therapy for adults living with the effects of accidents, assault, loss or a hard childhood.",
    keywords: ["EMDR Portland", "trauma therapist Portland", "PTSD treatment Oregon"],
    headings: [h("What EMDR is"), h("Is it right for you"), h("Preparing for trauma work")],
    text: "Eye movement desensitization and reprocessing (EMDR) helps the mind file away memories that still feel present.",
  },
  {
    path: "/services/teens-families",
    title: "Therapy for Teens and Families",
    description: "Help for teenagers with anxiety, school refusal or shutting down at home, with parents in the room when it helps.",
    keywords: ["teen therapist Portland", "family therapy Portland", "adolescent counseling"],
    headings: [h("Working with teenagers"), h("Including parents"), h("Confidentiality for teens")],
    text: "Teenagers often come in after months of silence at home. We start with what matters to them.",
  },
  {
    path: "/services/couples",
    title: "Couples Therapy in Portland",
    description: "Gottman Method couples therapy for partners stuck in the same arguments, drifting apart, or recovering from an affair.",
    keywords: ["couples therapy Portland", "marriage counseling Portland", "Gottman therapist Oregon"],
    headings: [h("How couples therapy works"), h("The first three sessions"), h("Affair recovery")],
    text: "Couples come in when the same fight keeps repeating. We map the pattern first.",
  },
  {
    path: "/services/perinatal",
    title: "Therapy for New and Expecting Parents",
    description: "Support for pregnancy, postpartum depression and anxiety, birth trauma and the first year with a baby.",
    keywords: ["postpartum therapist Portland", "perinatal mental health Oregon"],
    headings: [h("Postpartum depression and anxiety"), h("Birth trauma"), h("Partners and new parents")],
    text: "The first year with a baby can bring anxiety and low mood. You do not have to wait it out.",
  },
  {
    path: "/telehealth",
    title: "Video Sessions Anywhere in Oregon",
    heading: "Telehealth",
    description: "How online therapy by secure video works with me: what you need, privacy at home, and why you must be in Oregon during the session.",
    keywords: ["online therapy Oregon", "telehealth psychologist", "video therapy Portland"],
    headings: [h("What you need"), h("Privacy at home"), h("Being in Oregon")],
    text: "Video sessions work as well as in-person ones for most people. You need a private room and a steady connection.",
  },
  {
    path: "/fees-insurance",
    title: "Fees and Insurance",
    description: "Session fees, the insurance plans I am in network with, superbills for out-of-network benefits, and reduced-fee spots.",
    keywords: ["therapy cost Portland", "psychologist fees Oregon", "insurance therapy Portland", "sliding scale therapy Portland"],
    headings: [h("Session fees"), h("Insurance"), h("Reduced-fee spots"), h("Missed sessions")],
    text: "A 50-minute session is $190. I am in network with two Oregon plans and provide superbills for others.",
  },
  {
    path: "/good-faith-estimate",
    title: "Your Right to a Good Faith Estimate",
    description: "Under the No Surprises Act, if you pay for therapy yourself you have the right to an estimate of its cost before you start.",
    keywords: ["good faith estimate therapy", "No Surprises Act"],
    headings: [h("What the estimate covers"), h("If the bill is higher")],
    text: "You have the right to receive a Good Faith Estimate explaining how much your care will cost.",
  },
  {
    path: "/faq",
    title: "Questions People Ask",
    heading: "Frequently asked questions",
    description: "How to start, how long therapy takes, what if I need to cancel, and whether I prescribe medication.",
    keywords: ["therapy questions", "how long does therapy take"],
    headings: [h("How do I start?"), h("How long does therapy take?"), h("What if I need to cancel?"), h("Do you prescribe medication?")],
    text: "Most people come for twelve to twenty sessions. Cancel at least one business day ahead.",
  },
  {
    path: "/contact",
    title: "Contact and Appointments",
    description: "Call, email or book a free 20-minute consultation online; directions to the office on SE Division Street.",
    keywords: ["book therapy Portland", "schedule a consultation", "contact psychologist Portland"],
    headings: [h("Book a consultation"), h("Directions and parking")],
    text: "The quickest way to start is to book a free consultation online.",
  },
  {
    path: "/privacy",
    title: "Website Privacy",
    description: "What this website collects (very little), the cookies it sets, and the analytics you can refuse.",
    keywords: ["website privacy", "cookies"],
    headings: [h("What this website collects"), h("Cookies")],
    text: "This website does not use forms and collects no personal information.",
  },
  {
    path: "/notice-of-privacy-practices",
    title: "Notice of Privacy Practices",
    description: "How your health information is used and protected under HIPAA, and your rights to see it, correct it and limit its use.",
    keywords: ["HIPAA notice", "notice of privacy practices psychologist"],
    headings: [h("How your information is used"), h("Your rights")],
    text: "This notice describes how medical information about you may be used and disclosed.",
  },
  { path: "/blog", title: "Notes from the Practice", description: "Short articles on anxiety, families and relationships.", keywords: [], headings: [], text: "" },
  {
    path: "/blog/the-fight-you-keep-having",
    title: "The Fight You Keep Having, and How to Step Out of It",
    description: "Why couples repeat the same argument for years, and the first small step out of the pattern.",
    keywords: ["same fight", "couples conflict", "argument pattern"],
    headings: [h("The pattern under the topic"), h("One small step")],
    text: "Most couples have one fight they keep having. The topic changes, the pattern does not.",
  },
  {
    path: "/blog/gray-months-and-low-mood",
    title: "Gray Months and Low Mood",
    description: "Winter depression in the Pacific Northwest: light, routine and when to get help.",
    keywords: ["winter depression", "seasonal affective disorder", "winter blues"],
    headings: [h("Why winter hits hard here"), h("What helps"), h("When to get help")],
    text: "From November to February many people here feel flat, tired and low.",
  },
  {
    path: "/blog/your-first-session",
    title: "What Happens in Your First Session",
    description: "What we talk about in a first therapy session, what to bring, and questions you can ask me.",
    keywords: ["first therapy session", "what to expect in therapy"],
    headings: [h("Before you come"), h("The first hour"), h("Questions to ask")],
    text: "The first session is mostly listening. I ask what brings you in and what you hope will change.",
  },
];

export const HARBOR_CATEGORIES: BlogCategory[] = [
  { name: "Anxiety", slug: "anxiety" },
  { name: "Relationships", slug: "relationships" },
  { name: "Teens and Families", slug: "teens-and-families" },
];
