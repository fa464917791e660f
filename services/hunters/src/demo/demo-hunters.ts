import {
  AVAILABILITY_SLOTS,
  DEFAULT_SESSION_TYPES,
  SESSION_TYPES,
  WEEKDAYS,
  type AvailabilitySlot,
  type Currency,
  type HunterAvailabilityStatus,
  type HunterLanguage,
  type HunterLocation,
  type HunterService,
  type HunterSpecialty,
  type JoiningDetails,
  type SessionTypeKey,
  type SessionTypes,
  type Weekday,
  type WeeklyHours,
} from '@hunted/contracts';
import { DEFAULT_REFERENCE_RATES } from '../config.js';

/** Hours as [from, to): [10, 17] is the slots '10:00' to '16:00'. */
type Hours = readonly [from: number, to: number];
/** A session type offered: [price in whole pounds, minutes]. */
type Offer = readonly [price: number, duration: number];

/** A date that differs from its week, `inDays` after today in London (to `untilDays` for a range); null hours: off. */
export interface DemoException {
  inDays: number;
  untilDays?: number;
  hours: Hours | null;
}

/** A hunter of the demo marketplace. Every person, handle and address is invented. */
export interface DemoHunter {
  name: string;
  location: HunterLocation;
  specialties: HunterSpecialty[];
  adviceTypes: HunterService[];
  languages: HunterLanguage[];
  yearsExperience: number;
  availabilityStatus: HunterAvailabilityStatus;
  /** The types offered; the others are disabled at the spec's defaults. */
  offers: Partial<Record<SessionTypeKey, Offer>>;
  /** Where an in-person session meets (every hunter offering one has it): invented, as every address here. */
  meetingPlace?: { area: string; address: string };
  totalSessions: number;
  featured: boolean;
  instagram: boolean;
  bio: string;
  week: Partial<Record<Weekday, Hours>>;
  exceptions: DemoException[];
}

const WEEKDAYS_ONLY = (hours: Hours): Partial<Record<Weekday, Hours>> => ({
  mon: hours,
  tue: hours,
  wed: hours,
  thu: hours,
  fri: hours,
});

export const DEMO_HUNTERS: DemoHunter[] = [
  {
    name: 'Sofia Marchetti',
    location: 'Italy',
    specialties: ['Vintage Luxury', 'Designer Handbags', 'Luxury Fashion'],
    adviceTypes: ['Personal Shopping', 'Shopping Trip', 'Trip Planning', 'Hotel Planning'],
    languages: ['Italian', 'English', 'French'],
    yearsExperience: 12,
    availabilityStatus: 'Available',
    offers: { whatsappVoice: [45, 30], whatsappVideo: [85, 60], inPerson: [240, 180], askQuestion: [30, 15] },
    meetingPlace: { area: 'Brera, Milan', address: "Via dell'Esempio 12, 20121 Milano MI, Italy" },
    totalSessions: 342,
    featured: true,
    instagram: true,
    bio:
      'Born and raised in Milan, I spent eight years buying for a boutique on Via Montenapoleone before going independent. ' +
      'I help clients build a wardrobe around a few pieces worth keeping: a first structured handbag, a 1990s nylon backpack, ' +
      'a camel coat that will still look right in ten years. I know which vintage dealers in Brera never advertise and which ' +
      'boutiques will hold a size for you, and for clients visiting Milan or Florence I plan the whole shopping day, from the ' +
      'hotel to the long lunch in between.',
    week: { ...WEEKDAYS_ONLY([10, 18]), sat: [10, 13] },
    exceptions: [
      { inDays: 3, hours: null },
      { inDays: 9, hours: [14, 21] },
    ],
  },
  {
    name: 'Charlotte Ashby',
    location: 'UK',
    specialties: ['Formal Wear', 'Haute Couture', 'Fine Jewelry'],
    adviceTypes: ['Event Styling', 'Special Event Styling', 'Style Consultation', 'In-Person Session'],
    languages: ['English', 'French'],
    yearsExperience: 15,
    availabilityStatus: 'Available',
    offers: { whatsappVoice: [65, 30], whatsappVideo: [95, 60], inPerson: [280, 90] },
    meetingPlace: { area: 'Marylebone, London', address: '1 Example Mews, London W1U 1AA' },
    totalSessions: 518,
    featured: true,
    instagram: true,
    bio:
      'I trained as a fitter on Savile Row and now dress clients for the occasions that come with a dress code: Royal Ascot, ' +
      'black-tie weddings, Henley, a first night at the opera. I work with a small circle of London dressmakers and ' +
      'jewellers, so a gown can be altered in days and the right earrings borrowed rather than bought. Expect honest advice ' +
      'on what suits you, a clear plan, and a fitting diary that keeps the week before the event calm.',
    week: { mon: [9, 17], tue: [9, 17], wed: [12, 20], thu: [12, 20], fri: [9, 14] },
    exceptions: [
      { inDays: 12, untilDays: 16, hours: null },
      { inDays: 5, hours: [9, 12] },
    ],
  },
  {
    name: 'Camille Laurent',
    location: 'France',
    specialties: ['Haute Couture', 'Luxury Fashion', 'Premium Beauty'],
    adviceTypes: ['Personal Shopping', 'Color Analysis', 'Trend Forecasting', 'Virtual Consultation'],
    languages: ['French', 'English'],
    yearsExperience: 18,
    availabilityStatus: 'Busy',
    offers: { whatsappVideo: [120, 60], inPerson: [350, 120] },
    meetingPlace: { area: 'Avenue Montaigne, Paris 8e', address: "8 rue de l'Exemple, 75008 Paris, France" },
    totalSessions: 190,
    featured: false,
    instagram: true,
    bio:
      'Eighteen years in Paris couture, first in the atelier of a house on Avenue Montaigne, then as a stylist for private ' +
      'clients during the collections. I read the shows for what will still matter in two seasons, and I help clients ' +
      'commission or buy couture with confidence: which house cuts for your figure, what is worth the wait, and how a colour ' +
      'palette built around your skin and hair makes every other choice easier. Sessions in French or English.',
    week: { tue: [14, 19], thu: [14, 19] },
    exceptions: [{ inDays: 6, hours: [10, 13] }],
  },
  {
    name: 'Lucía Moreno',
    location: 'Spain',
    specialties: ['Street Style', 'Casual Luxury', 'Footwear'],
    adviceTypes: ['Wardrobe Audit', 'Closet Organization', 'Seasonal Updates', 'Virtual Consultation'],
    languages: ['Spanish', 'English'],
    yearsExperience: 6,
    availabilityStatus: 'Available',
    offers: { whatsappVoice: [40, 30], whatsappVideo: [65, 45], askQuestion: [35, 15] },
    totalSessions: 141,
    featured: false,
    instagram: true,
    bio:
      'A Madrid stylist for people who live in trainers and still want to look put together. I grew up between the vintage ' +
      'shops of Malasaña and the queues for sneaker drops, and I love building easy, elevated everyday outfits from what you ' +
      'already own. Most clients start with a wardrobe audit over video: we clear out what no longer works, organise the ' +
      'rest, and write a short, realistic shopping list for the season ahead.',
    week: { mon: [11, 20], tue: [11, 20], wed: [11, 20], thu: [11, 20], sat: [10, 14] },
    exceptions: [{ inDays: 2, hours: null }],
  },
  {
    name: 'Astrid Lindqvist',
    location: 'Sweden',
    specialties: ['Sustainable Fashion', 'Casual Luxury', 'Accessories'],
    adviceTypes: ['Sustainable Fashion', 'Wardrobe Audit', 'Closet Organization', 'Seasonal Updates'],
    languages: ['Swedish', 'English', 'German'],
    yearsExperience: 9,
    availabilityStatus: 'Available',
    offers: { whatsappVoice: [45, 30], whatsappVideo: [70, 60], inPerson: [130, 90] },
    meetingPlace: { area: 'Östermalm, Stockholm', address: 'Exempelgatan 4, 114 35 Stockholm, Sweden' },
    totalSessions: 260,
    featured: false,
    instagram: false,
    bio:
      'I help people buy less and better. Before styling I worked in sourcing for a Scandinavian outerwear brand, so I can ' +
      'tell you how a coat is made, where and by whom, and whether it will last. Sessions start with what is already in ' +
      'your wardrobe; then we fill the gaps with well-made, repairable pieces and plan the seasonal swaps so a small ' +
      'wardrobe works all year. I coach in Swedish, English and German.',
    week: WEEKDAYS_ONLY([9, 15]),
    exceptions: [
      { inDays: 7, untilDays: 8, hours: null },
      { inDays: 4, hours: [9, 12] },
    ],
  },
  {
    name: 'Eleni Papadaki',
    location: 'Greece',
    specialties: ['Fine Jewelry', 'Accessories', 'Vintage Luxury'],
    adviceTypes: ['Personal Shopping', 'Shopping Trip', 'Trip Planning', 'Hotel Planning'],
    languages: ['Greek', 'English', 'Italian'],
    yearsExperience: 11,
    availabilityStatus: 'Unavailable',
    offers: { whatsappVoice: [40, 30], whatsappVideo: [70, 60] },
    totalSessions: 205,
    featured: false,
    instagram: false,
    bio:
      'Jewellery is my first love: I trained as a gemmologist and spent a decade with Athens goldsmiths before becoming a ' +
      'personal shopper. I find fine and antique jewellery, vintage accessories and the small Greek workshops that rarely ' +
      'sell abroad, and I plan shopping trips across Athens and the islands, hotels included. I am taking no bookings for a ' +
      'few weeks while I travel to the jewellery fairs; my calendar opens again when I am back.',
    week: { mon: [10, 16], wed: [10, 16], fri: [10, 16] },
    exceptions: [{ inDays: 1, untilDays: 21, hours: null }],
  },
  {
    name: 'Freja Holm',
    location: 'Denmark',
    specialties: ['Sustainable Fashion', 'Street Style', 'Footwear'],
    adviceTypes: ['Interior Design', 'Style Consultation', 'Color Analysis', 'Virtual Consultation'],
    languages: ['Danish', 'English', 'Swedish'],
    yearsExperience: 7,
    availabilityStatus: 'Available',
    offers: { whatsappVoice: [55, 30], whatsappVideo: [85, 60], inPerson: [160, 90] },
    meetingPlace: { area: 'Indre By, Copenhagen', address: 'Eksempelgade 7, 1150 København K, Denmark' },
    totalSessions: 230,
    featured: false,
    instagram: true,
    bio:
      'Copenhagen style is relaxed, practical and quietly bold, and that is what I help clients find for themselves. I ' +
      'studied textile design and worked as an interior stylist, so sessions often cover your home as well as your ' +
      'wardrobe: colour, texture, and a few good pieces rather than many. I am known for colour analysis over video and ' +
      'for sourcing second-hand Danish design, from current labels to vintage silver.',
    week: { mon: [8, 15], tue: [8, 15], wed: [8, 15], thu: [8, 15] },
    exceptions: [{ inDays: 10, hours: [16, 20] }],
  },
  {
    name: 'James Whitmore',
    location: 'UK',
    specialties: ['Formal Wear', 'Footwear', 'Casual Luxury'],
    adviceTypes: ['Wardrobe Audit', 'Personal Shopping', 'Shopping Trip', 'In-Person Session'],
    languages: ['English'],
    yearsExperience: 4,
    availabilityStatus: 'Busy',
    offers: { whatsappVoice: [35, 30], whatsappVideo: [60, 45], askQuestion: [25, 15] },
    totalSessions: 76,
    featured: false,
    instagram: false,
    bio:
      'Menswear stylist based in Edinburgh. I help men who hate shopping get it done in an afternoon: a suit that fits off ' +
      'the peg with two alterations, shoes that will take a resole, and tweed and knitwear from the mills that still make ' +
      'them in Scotland. Sessions are straightforward and practical; bring the wardrobe you have and the occasions you ' +
      'dress for, and we will work out what is missing.',
    week: { mon: [17, 21], tue: [17, 21], wed: [17, 21], sat: [9, 13] },
    exceptions: [{ inDays: 1, hours: null }],
  },
  {
    name: 'Matteo Ferraro',
    location: 'Italy',
    specialties: ['Footwear', 'Accessories', 'Formal Wear', 'Luxury Fashion'],
    adviceTypes: ['Shopping Trip', 'In-Person Session', 'Trip Planning', 'Event Planning'],
    languages: ['Italian', 'English', 'German'],
    yearsExperience: 22,
    availabilityStatus: 'Available',
    offers: { whatsappVideo: [150, 60], inPerson: [420, 240] },
    meetingPlace: { area: 'Oltrarno, Florence', address: "Borgo dell'Esempio 3, 50125 Firenze FI, Italy" },
    totalSessions: 402,
    featured: false,
    instagram: false,
    bio:
      "Twenty-two years among Florence's shoemakers, leather workers and tailors. I take clients to the workshops behind " +
      'the tourist streets for bespoke shoes, belts and bags, and to Naples for a first made-to-measure suit. I also plan ' +
      'trips around the menswear fairs and private events for clients who want to see how things are made. In-person ' +
      'sessions are a half day in the workshops; video calls are for planning a commission.',
    week: { tue: [9, 13], wed: [9, 13], thu: [9, 13], fri: [9, 13] },
    exceptions: [{ inDays: 14, untilDays: 18, hours: null }],
  },
  {
    name: 'Inès Dubois',
    location: 'France',
    specialties: ['Premium Beauty', 'Casual Luxury', 'Sustainable Fashion'],
    adviceTypes: ['Color Analysis', 'Style Consultation', 'Seasonal Updates', 'Virtual Consultation'],
    languages: ['French', 'English', 'Spanish'],
    yearsExperience: 8,
    availabilityStatus: 'Available',
    offers: { whatsappVoice: [75, 30], whatsappVideo: [95, 60], inPerson: [180, 90] },
    meetingPlace: { area: "Presqu'île, Lyon", address: "15 place de l'Exemple, 69002 Lyon, France" },
    totalSessions: 178,
    featured: false,
    instagram: false,
    bio:
      'A colour and beauty consultant from Lyon. A session with me starts with light and colour: which shades make your ' +
      'skin look rested and which make you disappear. From there we build a capsule wardrobe and a simple beauty routine ' +
      'around your palette, favouring natural fabrics and makers who work responsibly. I work in French, English and ' +
      'Spanish, and I review your wardrobe with you again each new season.',
    week: { ...WEEKDAYS_ONLY([10, 17]), wed: [13, 20] },
    exceptions: [
      { inDays: 5, hours: null },
      { inDays: 20, hours: [9, 12] },
    ],
  },
  {
    name: 'Javier Ortega',
    location: 'Spain',
    specialties: ['Street Style', 'Designer Handbags', 'Luxury Fashion'],
    adviceTypes: ['Event Planning', 'Event Styling', 'Interior Design', 'Trend Forecasting'],
    languages: ['Spanish', 'English', 'French'],
    yearsExperience: 10,
    availabilityStatus: 'Unavailable',
    offers: { whatsappVideo: [95, 60], inPerson: [200, 120] },
    meetingPlace: { area: 'El Born, Barcelona', address: "Carrer de l'Exemple 21, 08003 Barcelona, Spain" },
    totalSessions: 118,
    featured: false,
    instagram: true,
    bio:
      'A Barcelona creative director for events, shoots and the spaces around them. I style launches, weddings and private ' +
      'parties from the outfits to the flowers, and I advise clients on statement handbags and designer pieces that ' +
      'photograph well. I follow the trends closely so you do not have to. Event season keeps me fully booked for now; new ' +
      'dates open soon.',
    week: { thu: [15, 20], fri: [15, 20] },
    exceptions: [{ inDays: 1, untilDays: 30, hours: null }],
  },
  {
    name: 'Nils Bergström',
    location: 'Sweden',
    specialties: ['Vintage Luxury', 'Street Style', 'Casual Luxury'],
    adviceTypes: ['Closet Organization', 'Wardrobe Audit', 'Sustainable Fashion', 'Virtual Consultation'],
    languages: ['Swedish', 'English', 'Danish'],
    yearsExperience: 3,
    availabilityStatus: 'Busy',
    offers: { whatsappVoice: [30, 30], whatsappVideo: [50, 45], askQuestion: [20, 15] },
    totalSessions: 44,
    featured: false,
    instagram: false,
    bio:
      "A second-hand obsessive: most of what I wear came from Gothenburg's flea markets and vintage shops. I help clients " +
      'sort and organise their wardrobes, sell what they no longer wear, and find pre-loved pieces that look anything but. ' +
      'Quick, practical sessions over video, in Swedish, Danish or English.',
    week: { sat: [10, 16], sun: [12, 16] },
    exceptions: [{ inDays: 8, hours: [18, 21] }],
  },
  {
    name: 'Dimitris Kostas',
    location: 'Greece',
    specialties: ['Formal Wear', 'Fine Jewelry', 'Haute Couture'],
    adviceTypes: ['Event Planning', 'Special Event Styling', 'Hotel Planning', 'Trip Planning'],
    languages: ['Greek', 'English', 'German'],
    yearsExperience: 14,
    availabilityStatus: 'Available',
    offers: { whatsappVoice: [60, 30], whatsappVideo: [90, 60], inPerson: [200, 120] },
    meetingPlace: { area: 'Kolonaki, Athens', address: 'Odos Paradeigmatos 9, 106 73 Athens, Greece' },
    totalSessions: 287,
    featured: false,
    instagram: true,
    bio:
      'I style weddings, christenings and formal events across Greece, for the guests as much as the couple. With fourteen ' +
      'years in evening wear and fine jewellery, I know the ateliers in Thessaloniki and Athens that can make or adapt a ' +
      'gown in time, and I organise everything around the day: hotels, travel and a fitting schedule that ends in calm ' +
      'rather than panic. Sessions in Greek, English and German.',
    week: { mon: [10, 14], tue: [10, 14], wed: [10, 14], thu: [10, 14], fri: [10, 14], sat: [10, 14] },
    exceptions: [
      { inDays: 11, untilDays: 12, hours: null },
      { inDays: 3, hours: [16, 20] },
    ],
  },
  {
    name: 'Mette Sørensen',
    location: 'Denmark',
    specialties: ['Designer Handbags', 'Premium Beauty', 'Haute Couture'],
    adviceTypes: ['Interior Design', 'Hotel Planning', 'Personal Shopping', 'Seasonal Updates'],
    languages: ['Danish', 'English', 'German'],
    yearsExperience: 16,
    availabilityStatus: 'Available',
    offers: { whatsappVideo: [110, 60], inPerson: [260, 120] },
    meetingPlace: { area: 'Latinerkvarteret, Aarhus', address: 'Eksempelvej 2, 8000 Aarhus C, Denmark' },
    totalSessions: 133,
    featured: false,
    instagram: true,
    bio:
      "After sixteen years running a Copenhagen department store's personal shopping suite, I now work one to one with " +
      'private clients from Aarhus: designer handbags, couture and beauty, and hotel-quality interiors for clients who ' +
      'want their home to feel like their favourite suite. Slow, considered, and always honest about what is worth it.',
    week: { mon: [9, 12], wed: [9, 12], fri: [9, 12] },
    exceptions: [{ inDays: 4, hours: [13, 17] }],
  },
];

/** The slots of hours [from, to). */
export function slotsOf([from, to]: Hours): AvailabilitySlot[] {
  return AVAILABILITY_SLOTS.filter((slot) => {
    const hour = Number(slot.slice(0, 2));
    return hour >= from && hour < to;
  });
}

/** The hunter's weekly hours: a weekday left out is a day off. */
export function demoWeeklyHours(hunter: DemoHunter): WeeklyHours {
  return Object.fromEntries(
    WEEKDAYS.map((day) => [day, hunter.week[day] ? slotsOf(hunter.week[day]) : []]),
  ) as WeeklyHours;
}

/** The four session types: the offered ones enabled at their price, the others disabled at the spec's defaults. */
export function demoSessionTypes(hunter: DemoHunter): SessionTypes {
  return Object.fromEntries(
    SESSION_TYPES.map((key) => {
      const offer = hunter.offers[key];
      return [
        key,
        offer
          ? { enabled: true, price: offer[0], duration: offer[1] }
          : { ...DEFAULT_SESSION_TYPES[key], enabled: false },
      ];
    }),
  ) as SessionTypes;
}

/**
 * The session types in the hunter's own currency (decision 0105): the offers are written in pounds, each turned into
 * whole units at the default reference rate and rounded up, so each demo hunter stays in the price band its pounds
 * put it in (unless within one unit of a band's top).
 */
export function demoSessionTypesIn(hunter: DemoHunter, currency: Currency): SessionTypes {
  const types = demoSessionTypes(hunter);
  if (currency === 'GBP') return types;
  const rate = DEFAULT_REFERENCE_RATES.pencePerUnit[currency];
  return Object.fromEntries(
    SESSION_TYPES.map((key) => [key, { ...types[key], price: types[key].price === 0 ? 0 : Math.ceil((types[key].price * 100) / rate) }]),
  ) as SessionTypes;
}

/** The name as a slug, accents folded: 'Mette Sørensen' → 'mette-sorensen'. */
export function demoSlug(hunter: Pick<DemoHunter, 'name'>): string {
  return hunter.name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ø/g, 'o')
    .replace(/æ/g, 'ae')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Whoever registers with this email becomes the hunter: `sofia.hunter@hunted.example`. */
export function demoEmail(hunter: Pick<DemoHunter, 'name'>): string {
  return `${demoSlug(hunter).split('-')[0]}.hunter@hunted.example`;
}

/** The hand-drawn portrait the web app serves (`web/public/demo-hunters/`). */
export function demoPhotoUrl(hunter: Pick<DemoHunter, 'name'>): string {
  return `/demo-hunters/${demoSlug(hunter)}.svg`;
}

/** An invented Instagram link, for the hunters that have one. */
export function demoInstagramUrl(hunter: DemoHunter): string | null {
  return hunter.instagram ? `https://www.instagram.com/${demoSlug(hunter).replace(/-/g, '')}.demo` : null;
}

/**
 * The hunter's WhatsApp number, in the UK's range kept for drama (+44 7700 900000–900999, never a real line): one
 * per hunter, by their place in DEMO_HUNTERS.
 */
export function demoWhatsappNumber(hunter: DemoHunter): string {
  return `+447700900${String(101 + DEMO_HUNTERS.indexOf(hunter)).padStart(3, '0')}`;
}

/** How the hunter's sessions happen: their number for each WhatsApp type offered, their meeting place in person. */
export function demoJoiningDetails(hunter: DemoHunter): JoiningDetails {
  const phoneFor = (type: SessionTypeKey) => ({ phone: hunter.offers[type] ? demoWhatsappNumber(hunter) : null });
  return {
    whatsappVoice: phoneFor('whatsappVoice'),
    whatsappVideo: phoneFor('whatsappVideo'),
    inPerson: hunter.offers.inPerson && hunter.meetingPlace ? { ...hunter.meetingPlace } : { area: null, address: null },
  };
}
