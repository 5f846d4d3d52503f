/**
 * The fixture's site config: a complete practice of its own, so tests of the compiler never
 * depend on what the owner writes in content/site.config.ts (a new fee or phone number there must
 * not fail a test of code). One city, Seattle, to keep the fixture small.
 */
import type { SiteConfigInput } from "../../../../../content/site.config.types";

const config = {
  siteName: "Fixture Counseling",
  siteUrl: "https://www.example.com",
  tagline: "Couples and individual therapy in Seattle",
  description: "A fixture practice for the compiler's tests: couples, marathon and individual therapy in Seattle.",
  themeColor: "#ffffff",
  gtmId: "",
  therapist: {
    name: "Jordan Ellis",
    credentials: "MA, LMFT",
    jobTitle: "Licensed Marriage and Family Therapist",
    photo: "/images/portrait.jpg",
    photoAlt: "A portrait of {{therapist}}",
    licence: {
      title: "Licensed Marriage and Family Therapist",
      number: "LF 00000000",
      state: "Washington",
      issuer: "Washington State Department of Health",
      verifyUrl: "https://licence.example.com/",
    },
    education: ["M.A. in Couple and Family Therapy"],
    approaches: ["Emotionally Focused Therapy (EFT)"],
    knowsAbout: ["Couples therapy"],
    languages: ["English"],
    sameAs: [],
  },
  contact: {
    phone: "+1-206-555-0142",
    phoneDisplay: "(206) 555-0142",
    email: "hello@example.com",
    bookingUrl: "https://booking.example.com/fixture",
    bookingLabel: "Book a free {{consultation.minutes}}-minute consultation",
    callReaches: "voicemail",
    replyWithin: "one business day",
    responseTime: "I return calls within {{replyWithin}}.",
  },
  address: {
    street: "1200 Example Avenue",
    locality: "Seattle",
    region: "WA",
    postalCode: "98101",
    country: "US",
    mapUrl: "https://maps.example.com/office",
    officeName: "downtown Seattle office",
    directions: "Take the east elevators to the fourth floor.",
  },
  geo: { latitude: 47.6097, longitude: -122.3331 },
  hours: [
    { id: "inPerson", label: "In-person sessions", days: ["Monday", "Tuesday", "Wednesday", "Thursday"], opens: "09:00", closes: "17:00" },
    { id: "telehealth", label: "Telehealth sessions", days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "08:00", closes: "20:00" },
  ],
  acceptingNewClients: true,
  acceptingNote: "Accepting new clients.",
  waitlistNote: "Not taking new clients right now.",
  inPersonPolicy: "Sessions are in person at the {{office}} ({{hours.inPerson}}) or by telehealth ({{hours.telehealth}}).",
  fees: {
    consultation: { minutes: 15, note: "A free call to see whether we are a good fit." },
    sessions: {
      couplesTherapy: { amount: 210, minutes: 80 },
      individualTherapy: { amount: 165, minutes: 53 },
    },
    marathon: [{ id: "half-day", name: "Half-day intensive", hours: 4, amount: 1200, description: "One focused morning." }],
    slidingScale: { spots: 3, lowest: 110, note: "Ask on your consultation call." },
    cancellation: { noticeHours: 48, note: "Sessions canceled with less than {{cancellation.hours}} hours' notice are charged the full fee." },
    marathonCancellation: "Intensives are reserved with a deposit.",
    paymentMethods: ["Credit and debit cards"],
  },
  insurance: { inNetwork: [], outOfNetworkNote: "I provide a superbill for out-of-network reimbursement." },
  locations: [
    {
      slug: "seattle",
      name: "Seattle",
      hasOffice: true,
      neighbourhoods: ["Downtown", "Belltown"],
      travelNote: "The office is a five-minute walk from Westlake station.",
      parkingNote: "Two public garages are on the same block.",
    },
  ],
  video: {
    title: "A short hello",
    description: "{{therapistFull}} explains how the first consultation works.",
    file: "/media/intro.mp4",
    poster: "/media/intro-poster.jpg",
    captions: "/media/intro.vtt",
    width: 306,
    height: 545,
    durationSeconds: 12,
    uploadDate: "2026-01-15",
    transcript: "Hi, I'm Jordan.",
  },
  sampleReview: { rating: 5, body: "A sample review.", datePublished: "2026-03-02" },
} satisfies SiteConfigInput;

export default config;
