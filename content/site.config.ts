/**
 * The practice's facts, in one place. Every page, the footer, the contact details and the
 * structured data search engines read are built from this file, so each fact is written once.
 *
 * SAMPLE VALUES: the name, license number, phone (555), email and booking link (example.com),
 * address, fees, profile links, intro video, portrait and tag-manager id below are placeholders.
 * Replace them with the practice's own before going live: `pnpm content` lists each one still
 * here (file and line), and a production deploy refuses the site until none is left. `pnpm build`
 * checks every field and names any mistake.
 *
 * Text fields may use the same `{{tokens}}` as the pages (see content/README.md), so a number or
 * a name written here once is never typed a second time.
 */
import type { SiteConfigInput } from "./site.config.types";

const config = {
  siteName: "Cedar & Sound Counseling",
  siteUrl: "https://www.example.com",
  tagline: "Couples, marathon and individual therapy in Seattle and across Washington",
  description:
    "A Seattle therapy practice for couples and individuals: weekly couples therapy, marathon (intensive) couples sessions, and individual therapy, in person downtown and by telehealth across Washington.",
  themeColor: "#ffffff",
  gtmId: "GTM-EXAMPLE",
  // "opt-in": Google Analytics loads only after a visitor chooses "Allow analytics" (the choice at
  // the end of each page; the footer's "Cookie and analytics settings" changes it). "opt-out":
  // it loads from the first page until a visitor turns it off. Either way it never loads for a
  // browser sending Global Privacy Control. Before choosing "opt-out", know what Washington's
  // My Health My Data Act (RCW 19.373) asks: the privacy policy treats which pages of a
  // therapist's site someone reads as consumer health data, and the Act requires a visitor's
  // consent before such data is collected for anything beyond what they asked for (here, reading
  // the page); counting visits is not that. See "Analytics and consent" in content/README.md.
  // This is not legal advice: ask a lawyer if you are unsure.
  analyticsConsent: "opt-in",

  therapist: {
    name: "Jordan Ellis",
    credentials: "MA, LMFT",
    jobTitle: "Licensed Marriage and Family Therapist",
    photo: "/images/jordan-ellis-portrait.jpg",
    photoAlt: "Illustrated portrait of {{therapist}} with short dark hair and a soft smile, on a sage-green background",
    licence: {
      title: "Licensed Marriage and Family Therapist",
      number: "LF 00000000",
      state: "Washington",
      issuer: "Washington State Department of Health",
      verifyUrl: "https://fortress.wa.gov/doh/providercredentialsearch/",
    },
    education: [
      "M.A. in Couple and Family Therapy, Example University (sample)",
      "B.A. in Psychology, Example College (sample)",
    ],
    approaches: [
      "Emotionally Focused Therapy (EFT)",
      "The Gottman Method",
      "Acceptance and Commitment Therapy (ACT)",
      "Internal Family Systems–informed individual work",
    ],
    knowsAbout: [
      "Couples therapy",
      "Marriage counseling",
      "Intensive couples therapy",
      "Affair recovery",
      "Premarital counseling",
      "Anxiety",
      "Life transitions",
    ],
    languages: ["English", "Spanish"],
    sameAs: ["https://profiles.example.com/jordan-ellis-lmft", "https://www.linkedin.example.com/in/jordan-ellis-lmft"],
  },

  contact: {
    phone: "+1-206-555-0142",
    phoneDisplay: "(206) 555-0142",
    email: "hello@example.com",
    bookingUrl: "https://booking.example.com/cedar-and-sound",
    bookingLabel: "Book a free {{consultation.minutes}}-minute consultation",
    // What a call to `phone` reaches, and how soon it is returned: said beside every Call button.
    callReaches: "voicemail",
    replyWithin: "one business day",
    responseTime: "I return calls and emails within {{replyWithin}}.",
  },

  address: {
    street: "1200 Example Avenue, Suite 400",
    locality: "Seattle",
    region: "WA",
    postalCode: "98101",
    country: "US",
    mapUrl: "https://www.openstreetmap.org/?mlat=47.6097&mlon=-122.3331#map=17/47.6097/-122.3331",
    // How the pages name the office ({{office}}): "in person at the downtown Seattle office".
    officeName: "downtown Seattle office",
    directions:
      "The office is on the fourth floor; take the east elevators from the lobby. The waiting room is quiet and there is no receptionist, so take a seat and I will come and find you at the start of your session.",
  },
  geo: { latitude: 47.6097, longitude: -122.3331 },

  // Two opening-hours entries: in-office days, and the wider telehealth window.
  // Pages write {{hours.inPerson}} ("Monday to Thursday, 9 am to 5 pm"), {{hours.telehealth.days}},
  // {{hours.telehealth.closes}} and so on, so changing the hours here changes every page.
  hours: [
    { id: "inPerson", label: "In-person sessions at the Seattle office", days: ["Monday", "Tuesday", "Wednesday", "Thursday"], opens: "09:00", closes: "17:00" },
    { id: "telehealth", label: "Telehealth sessions and consultation calls", days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "08:00", closes: "20:00" },
  ],
  // The practice's time zone: `pnpm visits` counts page views by its calendar days.
  timeZone: "America/Los_Angeles",
  acceptingNewClients: true,
  acceptingNote: "Accepting new couples and individual clients, with telehealth openings this month.",
  waitlistNote: "Not taking new clients right now; ask to join the waitlist.",

  // Who can meet in person, and when: shown on every city page and available as {{inPersonPolicy}}.
  inPersonPolicy:
    "Weekly sessions can be in person at the {{office}} ({{hours.inPerson}}) or by secure telehealth from anywhere in {{state}} ({{hours.telehealth}}), and you can mix the two. Intensives are held in person at the office.",

  fees: {
    consultation: { minutes: 15, note: "A free phone or video call to see whether we are a good fit. No commitment." },
    sessions: {
      couplesTherapy: { amount: 210, minutes: 80 },
      individualTherapy: { amount: 165, minutes: 53 },
    },
    marathon: [
      {
        id: "half-day",
        name: "Half-day intensive",
        hours: 4,
        amount: 1200,
        description: "One focused morning or afternoon, usually for a single stuck pattern or an important decision.",
      },
      {
        id: "full-day",
        name: "Full-day intensive",
        hours: 7,
        amount: 2100,
        description: "A full day with a long lunch break, for couples who want real movement after a hard season.",
      },
      {
        id: "two-day",
        name: "Two-day intensive",
        hours: 12,
        amount: 3600,
        description: "Two consecutive days, often chosen after an affair or when weekly therapy has stalled.",
      },
    ],
    slidingScale: {
      spots: 3,
      lowest: 110,
      note: "Sliding-scale places are for weekly clients. Ask on your consultation call: you will not be asked for pay stubs or tax returns. We agree on a fee honestly and revisit it if your circumstances change, and if the places are full I can add you to a short waiting list or suggest lower-fee clinics in the Seattle area.",
    },
    cancellation: {
      noticeHours: 48,
      note: "Sessions canceled with less than {{cancellation.hours}} hours' notice are charged the full fee, except for illness or emergencies.",
    },
    marathonCancellation:
      "Intensives are reserved with a 25% deposit. Cancel 14 or more days ahead for a full refund; after that the deposit pays for the time held for you.",
    paymentMethods: ["Credit and debit cards", "HSA and FSA cards", "Bank transfer"],
  },

  insurance: {
    // The plans you are in network with, as their members know them: ["Premera Blue Cross", "Regence BlueShield"].
    // The rates page lists them under "In network with:"; none, as here, for a practice out of network with every plan.
    inNetwork: [],
    outOfNetworkNote:
      "I am out of network with insurance plans. I provide a monthly superbill you can submit for out-of-network reimbursement; many PPO plans repay part of the fee.",
  },

  locations: [
    {
      slug: "seattle",
      name: "Seattle",
      hasOffice: true,
      neighbourhoods: ["Downtown", "Belltown", "Capitol Hill", "First Hill", "South Lake Union", "Queen Anne", "Ballard", "Fremont", "West Seattle", "Beacon Hill"],
      travelNote:
        "The office is a five-minute walk from Westlake and Symphony light rail stations, and most downtown bus routes stop within two blocks.",
      parkingNote:
        "Two public garages are on the same block; evening and weekend rates are lower. Street parking is metered and rarely free before 6 pm.",
    },
    {
      slug: "bellevue",
      name: "Bellevue",
      hasOffice: false,
      neighbourhoods: ["Downtown Bellevue", "Crossroads", "Factoria", "Eastgate", "Bridle Trails", "Somerset", "Wilburton"],
      travelNote:
        "From Bellevue the office is across the lake on I-90 or SR 520: allow 25 to 45 minutes at rush hour, or take the 2 Line or an express bus into downtown.",
      parkingNote:
        "If you drive to the Seattle office, the garage on the same block is the simplest choice; I can send directions with your confirmation.",
    },
    {
      slug: "tacoma",
      name: "Tacoma",
      hasOffice: false,
      neighbourhoods: ["Stadium District", "North End", "Proctor", "Hilltop", "Old Town", "South Tacoma", "Ruston"],
      travelNote:
        "From Tacoma, the Sounder train from Tacoma Dome Station or the 594 express bus avoids an hour of I-5 traffic on the way to the office.",
      parkingNote:
        "Driving up for an intensive? Book the garage on the office's block the evening before; I can send a link to reserve a space for the whole day.",
    },
    {
      slug: "renton",
      name: "Renton",
      hasOffice: false,
      neighbourhoods: ["The Landing", "Kennydale", "Renton Highlands", "Benson Hill", "Talbot Hill", "Fairwood"],
      travelNote:
        "Renton is a 20- to 35-minute drive to the office via I-405 and I-5, longer in the morning rush.",
      parkingNote:
        "The garage on the office's block is the simplest choice and can be reserved for a whole day. Leave extra time on the way in: I-5 northbound slows near the downtown exits in the morning.",
    },
  ],

  video: {
    title: "A short hello from Jordan",
    description: "{{therapistFull}}, explains in under a minute how the first consultation works and what couples and individual therapy with {{siteName}} look like.",
    file: "/media/intro.mp4",
    poster: "/media/intro-poster.jpg",
    captions: "/media/intro.vtt",
    width: 306,
    height: 545,
    durationSeconds: 12,
    uploadDate: "2026-01-15",
    transcript:
      "Hi, I'm Jordan. If you're looking for a couples or individual therapist, the first step is a free fifteen-minute call. We'll talk about what's bringing you in, I'll answer your questions, and together we'll see whether working together makes sense. No pressure, and no paperwork until you decide.",
  },

  // No client review: the structured data carries none. Before adding `sampleReview`, read
  // "A client review in the structured data" in content/README.md.
} satisfies SiteConfigInput;

export default config;
