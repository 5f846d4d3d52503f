/**
 * Madrona Family Therapy: a second practice, test content only (see testing/practices/README.md).
 * Every fact here is made up and cannot reach anyone: the addresses are under .test (a name
 * reserved for testing, which never resolves) and the phone number's exchange starts with 1, which
 * no North American number does. It is a practice unlike the sample in what the code must not
 * assume: another office city, a city the sample lacks (Olympia), early hours, other fees, two
 * intensive formats, no intro video, no client review, no tag manager, insurers it is in network with.
 */
import type { SiteConfigInput } from "../../../../content/site.config.types";

const config = {
  siteName: "Madrona Family Therapy",
  siteUrl: "https://www.madronafamilytherapy.test",
  tagline: "Family, couples and individual therapy in Tacoma and Olympia, in English and Spanish",
  description:
    "A Tacoma therapy practice for families, couples and individual adults, in English and Spanish: weekly sessions in an Old Town office or by secure video across Washington, and half-day or full-day couples intensives.",
  themeColor: "#f6efe6",
  gtmId: "",
  analyticsConsent: "opt-in",

  therapist: {
    name: "Ana Lucía Ortega",
    credentials: "MS, LMFT",
    jobTitle: "Licensed Marriage and Family Therapist",
    photo: "/images/madrona-portrait.jpg",
    photoAlt: "Illustrated portrait of {{therapist}} with long dark hair and gold earrings, on a terracotta background",
    licence: {
      title: "Licensed Marriage and Family Therapist",
      number: "LF 99990001",
      state: "Washington",
      issuer: "Washington State Department of Health",
      verifyUrl: "https://fortress.wa.gov/doh/providercredentialsearch/",
    },
    education: ["M.S. in Marriage and Family Therapy, a university in Washington", "B.A. in Sociology and Spanish"],
    approaches: ["Structural family therapy", "Emotionally Focused Therapy (EFT)", "Narrative therapy", "Culturally responsive, bilingual practice"],
    knowsAbout: ["Family therapy", "Parenting teens", "Couples therapy", "Bicultural families", "Immigration stress", "Grief"],
    languages: ["English", "Spanish"],
    sameAs: [],
  },

  contact: {
    phone: "+1-253-104-7781",
    phoneDisplay: "(253) 104-7781",
    email: "hola@madronafamilytherapy.test",
    bookingUrl: "https://madrona.janeapp.test/booking",
    bookingLabel: "Book a free {{consultation.minutes}}-minute call",
    callReaches: "a confidential line checked twice a day",
    replyWithin: "two business days",
    responseTime: "Calls and emails are answered within {{replyWithin}}, in English or Spanish.",
  },

  address: {
    street: "2114 Madrona Lane, Suite B",
    locality: "Tacoma",
    region: "WA",
    postalCode: "98403",
    country: "US",
    mapUrl: "https://www.openstreetmap.org/?mlat=47.2685&mlon=-122.4799#map=17/47.2685/-122.4799",
    officeName: "Old Town Tacoma office",
    directions:
      "The office is on the ground floor at the back of the building, through the garden gate. There is a bench by the door; I will come out to meet you at the start of your session.",
  },
  geo: { latitude: 47.2685, longitude: -122.4799 },

  // Early days: in-person from 7 in the morning, video until 6 in the evening, never at weekends.
  hours: [
    { id: "inPerson", label: "In-person sessions at the Tacoma office", days: ["Tuesday", "Wednesday", "Thursday", "Friday"], opens: "07:00", closes: "15:00" },
    { id: "video", label: "Video sessions and consultation calls", days: ["Monday", "Tuesday", "Wednesday", "Thursday"], opens: "07:00", closes: "18:00" },
  ],
  acceptingNewClients: false,
  acceptingNote: "Taking new families and couples for morning sessions.",
  waitlistNote: "The weekly schedule is full; families and couples can join a short waitlist, usually four to six weeks.",

  inPersonPolicy:
    "Sessions can be in person at the {{office}} ({{hours.inPerson}}) or by secure video from anywhere in {{state}} ({{hours.video}}). Family sessions with younger children and couples intensives are held in person.",

  fees: {
    consultation: { minutes: 20, note: "A free call, by phone or video, in English or Spanish, to talk through what is happening and whether I am the right fit." },
    sessions: {
      couplesTherapy: { amount: 185, minutes: 75 },
      individualTherapy: { amount: 150, minutes: 50 },
    },
    marathon: [
      {
        id: "half-day",
        name: "Half-day intensive",
        hours: 3,
        amount: 840,
        description: "A single morning for one pressing question: a move, a decision about a parent, a pattern that keeps repeating.",
      },
      {
        id: "full-day",
        name: "Full-day intensive",
        hours: 6,
        amount: 1620,
        description: "A long day with a real break in the middle, for couples who need more than weekly sessions can hold.",
      },
    ],
    slidingScale: {
      spots: 5,
      lowest: 80,
      note: "Sliding-scale places are kept for families, students and anyone between jobs. We agree on a fee on the consultation call, with no paperwork, and look at it again whenever your situation changes.",
    },
    cancellation: {
      noticeHours: 24,
      note: "Please cancel at least {{cancellation.hours}} hours ahead; a late cancellation is charged half the fee, and never when a child is sick.",
    },
    marathonCancellation: "Intensives are held with a deposit of one session's fee, refunded in full if you cancel seven or more days ahead.",
    paymentMethods: ["Credit and debit cards", "HSA and FSA cards", "Checks"],
  },

  insurance: {
    inNetwork: ["Apple Health (Washington Medicaid)", "Kaiser Permanente Washington"],
    outOfNetworkNote: "With other plans I am out of network, and I send a superbill after each month of sessions.",
  },

  locations: [
    {
      slug: "tacoma",
      name: "Tacoma",
      hasOffice: true,
      neighbourhoods: ["Old Town", "North Slope", "Hilltop", "South End", "Fern Hill", "Ruston Way"],
      travelNote: "The office is two blocks uphill from the Ruston Way waterfront; the 11 bus stops at the corner.",
      parkingNote: "Free two-hour parking on the street, and a small lot behind the building for clients.",
    },
    {
      slug: "olympia",
      name: "Olympia",
      hasOffice: false,
      neighbourhoods: ["Eastside", "Westside", "South Capitol", "Lacey border", "Tumwater Hill"],
      travelNote: "From Olympia the office is about forty minutes north on I-5; Intercity Transit's express bus reaches Lakewood, with a connection into Tacoma.",
      parkingNote: "Olympia families who drive up for an intensive can use the lot behind the building for the whole day.",
    },
  ],
} satisfies SiteConfigInput;

export default config;
