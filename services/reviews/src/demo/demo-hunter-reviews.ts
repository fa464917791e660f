import type { SessionTypeKey } from '@hunted/contracts';

/**
 * Demo reviews of demo hunters, from held demo sessions, so the listing's ratings come from real rows. Hunter ids
 * are the demo marketplace's (services/hunters/src/demo/demo-hunters.ts, loaded in order into an empty database:
 * Sofia Marchetti is 1, Charlotte Ashby 2, Camille Laurent 3, Lucía Moreno 4, Astrid Lindqvist 5, Freja Holm 7,
 * James Whitmore 8). Every person here is invented.
 */

/** A demo client, copied into the users copy (dated '-infinity', so a real member with the id would replace it). */
export interface DemoClient {
  id: string;
  firstName: string;
  lastName: string;
}

export const DEMO_CLIENTS: readonly DemoClient[] = [
  { id: 'demo-client-01', firstName: 'Hannah', lastName: 'Okafor' },
  { id: 'demo-client-02', firstName: 'Priya', lastName: 'Raman' },
  { id: 'demo-client-03', firstName: 'Tom', lastName: 'Gallagher' },
  { id: 'demo-client-04', firstName: 'Léa', lastName: 'Marchand' },
  { id: 'demo-client-05', firstName: 'Oliver', lastName: 'Brandt' },
  { id: 'demo-client-06', firstName: 'Sara', lastName: 'Nilsson' },
  { id: 'demo-client-07', firstName: 'Marcus', lastName: 'Bell' },
  { id: 'demo-client-08', firstName: 'Yuki', lastName: 'Tanaka' },
];

/** One held session and its review; `daysAgo` is when the session ended, the review written some hours later. */
export interface DemoReview {
  hunterId: number;
  client: number;
  sessionType: SessionTypeKey;
  minutes: number;
  daysAgo: number;
  rating: number;
  text: string;
  reply?: string;
}

export const DEMO_REVIEWS: readonly DemoReview[] = [
  {
    hunterId: 1,
    client: 0,
    sessionType: 'whatsappVideo',
    minutes: 60,
    daysAgo: 3,
    rating: 5,
    text: 'Sofia found me a 1990s shoulder bag in better condition than I thought possible, and talked me out of a fake before I paid for it.',
    reply: 'Thank you Hannah! It was a lovely find — enjoy carrying it.',
  },
  {
    hunterId: 1,
    client: 1,
    sessionType: 'whatsappVoice',
    minutes: 30,
    daysAgo: 12,
    rating: 5,
    text: 'Clear, honest advice on which vintage houses hold their value. Half an hour well spent.',
  },
  {
    hunterId: 1,
    client: 2,
    sessionType: 'askQuestion',
    minutes: 15,
    daysAgo: 26,
    rating: 4,
    text: 'A quick, useful answer on authenticating a wallet. I would have liked a couple more photos of what to look for.',
    reply: 'Fair point, Tom — I now send a short photo guide with every question.',
  },
  {
    hunterId: 2,
    client: 3,
    sessionType: 'whatsappVideo',
    minutes: 60,
    daysAgo: 5,
    rating: 5,
    text: 'Charlotte planned my whole wedding-guest look in one call, within budget, and every piece arrived in time.',
    reply: 'So glad it all came together, Léa. You looked wonderful in the photos you sent!',
  },
  {
    hunterId: 2,
    client: 4,
    sessionType: 'whatsappVoice',
    minutes: 30,
    daysAgo: 40,
    rating: 4,
    text: 'Good advice on black tie for a first-timer. The tailoring tips alone were worth it.',
  },
  {
    hunterId: 3,
    client: 5,
    sessionType: 'whatsappVideo',
    minutes: 60,
    daysAgo: 8,
    rating: 5,
    text: 'Camille knows the Paris ateliers inside out. She got me an appointment I could not get on my own.',
  },
  {
    hunterId: 3,
    client: 6,
    sessionType: 'inPerson',
    minutes: 120,
    daysAgo: 19,
    rating: 4,
    text: 'A wonderful afternoon of fittings. Pricey, but she was upfront about it from the start.',
    reply: 'Merci Marcus — it was a pleasure to show you around.',
  },
  {
    hunterId: 4,
    client: 7,
    sessionType: 'whatsappVideo',
    minutes: 45,
    daysAgo: 2,
    rating: 5,
    text: 'Lucía sorted out my trainer collection and found two pairs I had been hunting for months.',
    reply: '¡Gracias Yuki! Send me a photo once they arrive.',
  },
  {
    hunterId: 4,
    client: 0,
    sessionType: 'askQuestion',
    minutes: 15,
    daysAgo: 15,
    rating: 3,
    text: 'The answer was right, but it took a while to arrive and was shorter than I hoped.',
  },
  {
    hunterId: 5,
    client: 1,
    sessionType: 'whatsappVideo',
    minutes: 60,
    daysAgo: 6,
    rating: 5,
    text: 'Astrid helped me build a capsule wardrobe from second-hand pieces. Practical and kind.',
  },
  {
    hunterId: 5,
    client: 3,
    sessionType: 'whatsappVoice',
    minutes: 30,
    daysAgo: 22,
    rating: 4,
    text: 'Useful list of sustainable Scandinavian labels, with honest notes on which ones really are.',
    reply: 'Thanks Léa — I have added two more labels to the list since.',
  },
  {
    hunterId: 7,
    client: 2,
    sessionType: 'whatsappVideo',
    minutes: 60,
    daysAgo: 9,
    rating: 5,
    text: 'Freja rethought my everyday outfits around three pairs of shoes. I wear all of it.',
  },
  {
    hunterId: 8,
    client: 4,
    sessionType: 'whatsappVoice',
    minutes: 30,
    daysAgo: 4,
    rating: 4,
    text: 'James gave straightforward advice on a first good pair of Oxford shoes and how to look after them.',
    reply: 'Cheers Oliver — remember the shoe trees!',
  },
  {
    hunterId: 8,
    client: 6,
    sessionType: 'askQuestion',
    minutes: 15,
    daysAgo: 31,
    rating: 5,
    text: 'Quick and precise: which suit cloth for a summer wedding, and where to have it made.',
  },
];

/** A demo session's booking id: a fixed UUID per review, so a reload finds the same ones. */
export function demoBookingId(index: number): string {
  return `00000000-0000-4000-8000-${(0xde30_0000_0000 + index).toString(16).padStart(12, '0')}`;
}
