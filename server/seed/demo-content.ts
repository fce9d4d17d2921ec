import type { BlogCategory } from "~/features/blog/blog.schema";
import type { FaqCategory } from "~/features/faqs/faqs.schema";
import type { ServiceCategory, ServiceIcon } from "~/features/services/services.schema";
import { formatRanges, weekLines } from "~/features/settings/opening-hours";
import { DEFAULT_SETTINGS } from "~/features/settings/shop-settings";
import { addressLine } from "~/features/settings/shop-facts";
import { PALETTES, type BlogMotif, type Palette, type Portrait, type ProductShape } from "./artwork";

/*
 * The demo shop a fresh install shows: an Oldham barber's in UK English with local prices.
 * Facts about this site (fee, cancellation, payment, hours) must stay true to how it works.
 */

interface DemoService {
  title: string;
  price: number;
  description: string;
  category: ServiceCategory;
  icon: ServiceIcon;
  duration: number;
}

/** In display order; the home page features the first four, one of each category. */
export const SERVICES: DemoService[] = [
  {
    title: "Skin Fade",
    price: 18,
    category: "hair",
    icon: "Scissors",
    duration: 40,
    description:
      "Clipper fade taken down to the skin, blended by hand and finished with a scissor-cut top and a sharp line-up.",
  },
  {
    title: "Beard Trim & Shape",
    price: 10,
    category: "beard",
    icon: "Sparkles",
    duration: 20,
    description:
      "Length taken down evenly, cheek and neck lines shaped with a cut-throat razor, finished with beard oil.",
  },
  {
    title: "Hot Towel Facial",
    price: 20,
    category: "facial",
    icon: "Droplets",
    duration: 30,
    description:
      "Deep cleanse, exfoliation and steamed hot towels, then a cooling mask and moisturiser. Pure relaxation.",
  },
  {
    title: "The Full Works",
    price: 45,
    category: "full",
    icon: "Award",
    duration: 90,
    description:
      "Haircut of your choice, hot towel shave or beard sculpt, and a refreshing facial. The complete treatment.",
  },
  {
    title: "Classic Haircut",
    price: 16,
    category: "hair",
    icon: "Scissors",
    duration: 30,
    description:
      "Short back and sides or a longer classic style, cut with clippers and scissors to suit you. Includes a wash.",
  },
  {
    title: "Scissor Cut",
    price: 20,
    category: "hair",
    icon: "Scissors",
    duration: 45,
    description: "A scissors-only cut for longer or textured styles, layered and weighted to grow out well.",
  },
  {
    title: "Kids' Cut (under 12)",
    price: 12,
    category: "hair",
    icon: "Scissors",
    duration: 25,
    description: "A patient, no-fuss cut for younger customers, from first haircuts to the latest fades.",
  },
  {
    title: "Hot Towel Shave",
    price: 22,
    category: "beard",
    icon: "Droplets",
    duration: 40,
    description:
      "The traditional wet shave: hot towels, pre-shave oil, warm lather and a cut-throat razor, finished with balm.",
  },
  {
    title: "Beard Sculpt & Line-up",
    price: 15,
    category: "beard",
    icon: "Sparkles",
    duration: 30,
    description:
      "A full reshape for longer beards: clipper and scissor work, crisp razor lines and a hot towel to finish.",
  },
  {
    title: "Charcoal Face Mask",
    price: 12,
    category: "facial",
    icon: "Droplets",
    duration: 20,
    description: "A purifying charcoal peel-off mask that lifts dirt and oil, followed by a soothing moisturiser.",
  },
  {
    title: "Eyebrow Tidy",
    price: 6,
    category: "facial",
    icon: "Sparkles",
    duration: 10,
    description: "Stray hairs trimmed and shaped by razor and scissors for a clean, natural look.",
  },
  {
    title: "Cut & Beard Combo",
    price: 25,
    category: "full",
    icon: "Award",
    duration: 50,
    description: "Any haircut together with a beard trim and shape, at a better price than booking both.",
  },
  {
    title: "Father & Son",
    price: 26,
    category: "full",
    icon: "Award",
    duration: 60,
    description: "A haircut for dad and one child under 12, booked together in one slot.",
  },
];

interface DemoProduct {
  name: string;
  price: number;
  description: string;
  shape: ProductShape;
  palette: Palette;
}

export const PRODUCTS: DemoProduct[] = [
  {
    name: "Matt Clay Pomade",
    price: 14,
    shape: "tin",
    palette: PALETTES.navy,
    description:
      "Strong hold with a natural, no-shine finish. Ideal for textured crops and messy quiffs; washes out easily.",
  },
  {
    name: "Water-Based Shine Pomade",
    price: 12.5,
    shape: "tin",
    palette: PALETTES.burgundy,
    description:
      "Medium hold and a classic high shine for side partings and slick-backs. Restyles with a splash of water.",
  },
  {
    name: "Sea Salt Texture Spray",
    price: 11,
    shape: "spray",
    palette: PALETTES.slate,
    description:
      "Adds grit and volume to fine hair. Spray into damp hair and blow-dry for an effortless, beachy texture.",
  },
  {
    name: "Sandalwood Beard Oil",
    price: 13.5,
    shape: "dropper",
    palette: PALETTES.forest,
    description:
      "A light blend of argan and jojoba oils with warm sandalwood. Softens the beard and stops the itch. 30 ml.",
  },
  {
    name: "Cedar & Bergamot Beard Balm",
    price: 12,
    shape: "jar",
    palette: PALETTES.charcoal,
    description: "Shea butter and beeswax balm that conditions and tames longer beards with a light hold.",
  },
  {
    name: "Daily Strengthening Shampoo",
    price: 9.5,
    shape: "bottle",
    palette: PALETTES.walnut,
    description: "A gentle everyday shampoo with caffeine and menthol for a fresh, healthy scalp. 250 ml.",
  },
  {
    name: "Pre-Shave Oil",
    price: 10,
    shape: "dropper",
    palette: PALETTES.charcoal,
    description:
      "The oil we use before every hot towel shave: softens stubble and protects the skin for a closer, calmer shave.",
  },
  {
    name: "Boar Bristle Beard Brush",
    price: 15,
    shape: "brush",
    palette: PALETTES.walnut,
    description: "Natural boar bristles on a beech handle. Spreads oil evenly and trains your beard to grow in shape.",
  },
];

export const GALLERY_CATEGORIES = ["Fades", "Classic Cuts", "Beard Styling", "Kids' Cuts", "Long Hair"];

export const STYLISTS = {
  danny: "Danny Whitworth",
  imran: "Imran Hussain",
  kelly: "Kelly Ashworth",
};

const SKIN = { light: "#f1c9a5", fair: "#e0b48f", olive: "#c68a62", brown: "#8d5a3b", dark: "#5c3a24" };
const HAIR = {
  black: "#141110",
  darkBrown: "#2b1b12",
  brown: "#6b4423",
  auburn: "#9a4a22",
  blond: "#b98d4f",
  grey: "#8a8a8a",
};

interface DemoGalleryItem {
  title: string;
  description: string;
  category: string;
  stylist: string;
  portrait: Portrait;
  palette: Palette;
}

export const GALLERY_ITEMS: DemoGalleryItem[] = [
  {
    title: "Skin Fade",
    category: "Fades",
    stylist: STYLISTS.imran,
    palette: PALETTES.navy,
    portrait: { style: "fade", skin: SKIN.brown, hair: HAIR.black },
    description: "Zero at the sides, blended up into a short textured top.",
  },
  {
    title: "Mid Fade with Textured Crop",
    category: "Fades",
    stylist: STYLISTS.danny,
    palette: PALETTES.charcoal,
    portrait: { style: "crop", skin: SKIN.fair, hair: HAIR.brown, beard: "stubble" },
    description: "A mid fade under a choppy crop, styled with matt clay.",
  },
  {
    title: "Drop Fade & Full Beard",
    category: "Fades",
    stylist: STYLISTS.imran,
    palette: PALETTES.burgundy,
    portrait: { style: "fade", skin: SKIN.olive, hair: HAIR.darkBrown, beard: "full" },
    description: "A drop fade that flows into a sculpted, razor-lined beard.",
  },
  {
    title: "Classic Side Parting",
    category: "Classic Cuts",
    stylist: STYLISTS.danny,
    palette: PALETTES.forest,
    portrait: { style: "side-part", skin: SKIN.light, hair: HAIR.blond },
    description: "Short back and sides with a hard-parted, combed-over top.",
  },
  {
    title: "Textured Quiff",
    category: "Classic Cuts",
    stylist: STYLISTS.kelly,
    palette: PALETTES.slate,
    portrait: { style: "quiff", skin: SKIN.fair, hair: HAIR.auburn },
    description: "Scissor-cut length on top, blow-dried up and back with sea salt spray.",
  },
  {
    title: "Gentleman's Scissor Cut",
    category: "Classic Cuts",
    stylist: STYLISTS.danny,
    palette: PALETTES.walnut,
    portrait: { style: "side-part", skin: SKIN.light, hair: HAIR.grey, beard: "stubble" },
    description: "A timeless scissors-only cut, tapered neatly at the neck.",
  },
  {
    title: "Full Beard Sculpt",
    category: "Beard Styling",
    stylist: STYLISTS.imran,
    palette: PALETTES.charcoal,
    portrait: { style: "buzz", skin: SKIN.dark, hair: HAIR.black, beard: "full" },
    description: "A rounded full beard shaped by scissors with crisp cheek lines.",
  },
  {
    title: "Goatee Line-up",
    category: "Beard Styling",
    stylist: STYLISTS.danny,
    palette: PALETTES.navy,
    portrait: { style: "crop", skin: SKIN.olive, hair: HAIR.darkBrown, beard: "goatee" },
    description: "A clean, razor-sharp goatee with the cheeks shaved smooth.",
  },
  {
    title: "Kids' Short Back and Sides",
    category: "Kids' Cuts",
    stylist: STYLISTS.kelly,
    palette: PALETTES.forest,
    portrait: { style: "crop", skin: SKIN.light, hair: HAIR.blond, child: true },
    description: "A smart, easy-to-manage cut for school, done in no time.",
  },
  {
    title: "Kids' Curly Trim",
    category: "Kids' Cuts",
    stylist: STYLISTS.kelly,
    palette: PALETTES.burgundy,
    portrait: { style: "curls", skin: SKIN.brown, hair: HAIR.black, child: true },
    description: "Curls shaped and kept full, with a tidy taper around the ears.",
  },
  {
    title: "Shoulder-Length Layers",
    category: "Long Hair",
    stylist: STYLISTS.kelly,
    palette: PALETTES.slate,
    portrait: { style: "long", skin: SKIN.fair, hair: HAIR.brown, beard: "stubble" },
    description: "Length kept, weight taken out with long layers for movement.",
  },
  {
    title: "Man Bun Tidy-up",
    category: "Long Hair",
    stylist: STYLISTS.danny,
    palette: PALETTES.walnut,
    portrait: { style: "man-bun", skin: SKIN.olive, hair: HAIR.darkBrown, beard: "full" },
    description: "Ends trimmed and an undercut refreshed to keep a top knot neat.",
  },
];

interface DemoPost {
  title: string;
  author: string;
  category: BlogCategory;
  daysAgo: number;
  summary: string;
  tags: string;
  motif: BlogMotif;
  palette: Palette;
  /** Paragraphs; stored joined by line breaks, as the blog shows them. */
  paragraphs: string[];
}

export const BLOG_POSTS: DemoPost[] = [
  {
    title: "How Often Should You Get Your Hair Cut?",
    author: STYLISTS.danny,
    category: "Hair Care",
    daysAgo: 9,
    motif: "scissors",
    palette: PALETTES.navy,
    tags: "haircuts, hair care, fades",
    summary:
      "From skin fades to longer scissor cuts, here is how long each style really lasts before it needs a tidy-up.",
    paragraphs: [
      "It is the question we hear more than any other in the chair, and the honest answer is: it depends on the cut. Hair grows roughly a centimetre a month, but how quickly a style loses its shape depends on how short it is to begin with.",
      "Skin fades look their sharpest for about two weeks. Because the sides start at zero, even a few millimetres of growth softens the blend, so most of our fade regulars book in every two to three weeks.",
      "Classic short back and sides and textured crops are more forgiving. Every three to four weeks keeps the neckline tidy and stops the top from getting heavy.",
      "Longer scissor cuts and shoulder-length styles can go six to eight weeks. Leave it much longer and split ends start to travel up the hair, which means taking off more length in the end.",
      "If you are growing your hair out, do not skip the barber altogether. A quick tidy of the neck and around the ears keeps things looking intentional through the awkward stage.",
    ],
  },
  {
    title: "Beard Oil or Beard Balm? A Barber's Guide",
    author: STYLISTS.imran,
    category: "Beard Care",
    daysAgo: 23,
    motif: "oil",
    palette: PALETTES.forest,
    tags: "beard care, beard oil, beard balm",
    summary:
      "Both keep a beard soft and healthy, but they do different jobs. Here is how to pick the right one for your length.",
    paragraphs: [
      "Walk past our product shelf and you will see both beard oil and beard balm. They share a lot of ingredients, but they are not interchangeable.",
      "Beard oil is all about the skin underneath. A few drops worked in after a shower moisturise the skin, stop that new-beard itch and take the edge off dandruff. It suits short and medium beards best.",
      "Beard balm adds butters and beeswax to the mix, so it conditions and gives a light hold. Once your beard is long enough to have a mind of its own, balm keeps stray hairs in line.",
      "Our advice: oil every day, balm on top when you need control. Use a boar bristle brush to spread either one evenly right down to the roots.",
      "Not sure what your beard needs? Ask at your next Beard Trim & Shape and we will show you how much to use. It is less than most people think.",
    ],
  },
  {
    title: "Style a Textured Crop in Five Minutes",
    author: STYLISTS.kelly,
    category: "Styling Tips",
    daysAgo: 41,
    motif: "comb",
    palette: PALETTES.charcoal,
    tags: "styling, textured crop, matt clay",
    summary:
      "The textured crop is low-effort by design. Five minutes and the right product are all it takes to recreate the barber's finish at home.",
    paragraphs: [
      "The textured crop has been one of our most requested cuts for a few years now, and it is easy to see why: it looks sharp, suits most face shapes and takes hardly any time to style.",
      "Start with towel-dried hair. A couple of sprays of sea salt spray through the top adds grip, especially if your hair is fine.",
      "Blow-dry forwards with your fingers rather than a brush. You want movement, not a smooth finish.",
      "Warm a fingertip of matt clay between your palms until it disappears, then work it through from the back to the front. Finish by twisting a few pieces at the fringe to break up the line.",
      "If it falls flat by lunchtime, you are probably using too much product rather than too little. Start small and build up.",
    ],
  },
  {
    title: "Tried and Tested: Our Pre-Shave Oil",
    author: STYLISTS.danny,
    category: "Product Reviews",
    daysAgo: 66,
    motif: "razor",
    palette: PALETTES.burgundy,
    tags: "product review, shaving, pre-shave oil",
    summary:
      "We use it before every hot towel shave in the shop. After a month of testing it at home, here is our honest verdict.",
    paragraphs: [
      "Pre-shave oil is one of those products people assume is a luxury. After a month of using ours at home every morning, I am convinced it is the single biggest upgrade to a home shave.",
      "Applied to damp skin before the foam, it softens the stubble and lets the razor glide rather than drag. The difference is most obvious on the neck, where most of us get redness and ingrown hairs.",
      "A little goes a long way: three or four drops is enough for a full face, so a bottle lasts a good couple of months.",
      "The scent is light and fades quickly, which matters if you wear aftershave. There is no greasy feel once you rinse.",
      "Verdict: if you shave with a blade and suffer from irritation, it is worth every penny. You can pick up a bottle at the shop next time you are in.",
    ],
  },
  {
    title: "Book Online: Choose Your Time in Under a Minute",
    author: STYLISTS.danny,
    category: "News",
    daysAgo: 95,
    motif: "calendar",
    palette: PALETTES.slate,
    tags: "news, bookings, appointments",
    summary: "You can now see every free slot and book your appointment online, day or night. Here is how it works.",
    paragraphs: [
      "No more ringing round on a Saturday morning hoping for a space: you can now book your appointment online, any time of day.",
      "Head to the Book Appointments page, tick the services you want, pick a date and one of the free time slots, and add your details. The summary shows the total before you confirm.",
      "A fixed booking fee of £8 is added to every online booking. You pay for your services and the fee in the shop, by card or cash.",
      "Your booking confirmation includes a link to manage it. If your plans change, you can cancel through it up to 24 hours before your appointment and free the slot for someone else.",
      "Walk-ins are still welcome whenever a chair is free, but booking is the only way to guarantee your time, especially on Saturdays.",
    ],
  },
  {
    title: "Fade Terms Explained: What to Ask For",
    author: STYLISTS.imran,
    category: "Styling Tips",
    daysAgo: 128,
    motif: "pole",
    palette: PALETTES.walnut,
    tags: "fades, styling, barber talk",
    summary: "Low, mid, high, skin or taper? A quick guide to fade language so you get exactly the cut you want.",
    paragraphs: [
      "Asking for a fade without saying which one is a bit like ordering a curry without saying how hot. Here is the vocabulary that helps us get it right first time.",
      "The height is where the fade starts. A low fade begins just above the ear and keeps most of the weight; a mid fade starts around the temple; a high fade goes right up towards the crown for a bold contrast.",
      "The shortest length matters too. A skin fade goes down to bare skin with a foil shaver, while a zero fade leaves a shadow of stubble. A taper only shortens the hairline at the neck and sideburns.",
      "A drop fade curves down behind the ear towards the nape, which works well with a beard because it keeps the line flowing.",
      "Still unsure? Bring a photo. It is the quickest way for both of us to agree on the finish before the clippers come out.",
    ],
  },
];

// Demo texts quote the default settings, which a fresh install starts with.
const openingHours = weekLines(DEFAULT_SETTINGS.openingHours)
  .map((line) => `${line.label}: ${formatRanges(line.ranges)}`)
  .join("; ");

interface DemoFaq {
  category: FaqCategory;
  question: string;
  answer: string;
}

/** In display order within each category. */
export const FAQS: DemoFaq[] = [
  {
    category: "General",
    question: "Where is the shop?",
    answer: `We are at ${addressLine(DEFAULT_SETTINGS)}, in Oldham town centre, a short walk from the Metrolink stop and Spindles Town Square. There is pay-and-display parking close by.`,
  },
  { category: "General", question: "What are your opening hours?", answer: `${openingHours}.` },
  {
    category: "General",
    question: "Do you take walk-ins?",
    answer:
      "Yes, walk-ins are welcome whenever a chair is free. Booked appointments come first, so on busy days (especially Saturdays) booking online is the best way to avoid a wait.",
  },
  {
    category: "Services",
    question: "Do you cut children's hair?",
    answer:
      "Yes. Our Kids' Cut is for children under 12, and the Father & Son service books a cut for a dad and one child together in one slot.",
  },
  {
    category: "Services",
    question: "How long does an appointment take?",
    answer:
      "Each service shows its duration on the Prices page, from 10 minutes for an eyebrow tidy to 90 minutes for The Full Works. When you book several services, the summary adds the times up for you.",
  },
  {
    category: "Services",
    question: "Do you offer traditional wet shaves?",
    answer:
      "Yes. Our Hot Towel Shave uses hot towels, pre-shave oil and a cut-throat razor, and it is also part of The Full Works.",
  },
  {
    category: "Bookings",
    question: "How do I book an appointment?",
    answer:
      "Go to Book Appointments, tick the services you want, choose a date and one of the free time slots, then fill in your name, email and phone number. Your confirmation includes a link to manage the booking.",
  },
  {
    category: "Bookings",
    question: "Can I cancel or change my booking?",
    answer:
      "Yes. Use the link in your booking confirmation to cancel up to 24 hours before your appointment. To change the time, cancel and book a new slot, or give us a call.",
  },
  {
    category: "Bookings",
    question: "What happens if I am running late?",
    answer: `Please ring us on ${DEFAULT_SETTINGS.phone} as soon as you can. We will always try to fit you in, but if you are more than 15 minutes late we may need to shorten the service or move you to a later free slot.`,
  },
  {
    category: "Products",
    question: "Can I buy the products you use in the shop?",
    answer:
      "Yes. Everything on our Products page, from pomades and clays to beard oil, is on the shelf in the shop. Ask your barber which one suits your hair and style.",
  },
  {
    category: "Products",
    question: "Which styling product is right for me?",
    answer:
      "As a rule of thumb: matt clay for a natural, textured look; shine pomade for slick, classic styles; sea salt spray to add volume to fine hair. We are happy to show you how much to use.",
  },
  {
    category: "Payments",
    question: "How can I pay?",
    answer:
      "We accept cash and all major debit and credit cards, including contactless, Apple Pay and Google Pay. Payment is taken in the shop after your appointment.",
  },
  {
    category: "Payments",
    question: "Is there a booking fee?",
    answer:
      "Online bookings carry a fixed £8 appointment fee on top of the service prices. The booking summary shows the full total before you confirm, and you pay it in the shop with your services.",
  },
];

interface DemoBarber {
  name: string;
  address: string;
  phone: string;
  rating: number;
  ratings: number;
  lat: number;
  lng: number;
  /** Monday to Sunday, as the places service writes them; null means closed. */
  hours: [string | null, string | null, string | null, string | null, string | null, string | null, string | null];
}

const WEEK = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
export const weekdayText = (hours: DemoBarber["hours"]) =>
  hours.map((time, day) => `${WEEK[day]}: ${time ?? "Closed"}`);

const NINE_TO_SIX = "9:00 AM – 6:00 PM";
const SAT = "8:30 AM – 5:00 PM";
const week = (weekday: string, saturday: string | null, sunday: string | null): DemoBarber["hours"] => [
  weekday,
  weekday,
  weekday,
  weekday,
  weekday,
  saturday,
  sunday,
];

/** Fictional shops; the phone numbers are in Ofcom's range reserved for drama (0161 496 0xxx). */
export const BARBERS: DemoBarber[] = [
  {
    name: "The Fade Room",
    address: "14 Union Street, Oldham OL1 1BE, UK",
    phone: "0161 496 0102",
    rating: 4.8,
    ratings: 312,
    lat: 53.5413,
    lng: -2.1137,
    hours: week(NINE_TO_SIX, SAT, "10:00 AM – 4:00 PM"),
  },
  {
    name: "Royton Gents Barbers",
    address: "22 Rochdale Road, Royton, Oldham OL2 6QJ, UK",
    phone: "0161 496 0217",
    rating: 4.6,
    ratings: 148,
    lat: 53.566,
    lng: -2.1215,
    hours: week("9:00 AM – 5:30 PM", "8:00 AM – 4:00 PM", null),
  },
  {
    name: "Shaw Cutting Co.",
    address: "5 Market Street, Shaw, Oldham OL2 8NH, UK",
    phone: "0161 496 0349",
    rating: 4.7,
    ratings: 96,
    lat: 53.5773,
    lng: -2.0935,
    hours: [null, "9:30 AM – 6:00 PM", "9:30 AM – 6:00 PM", "9:30 AM – 7:30 PM", "9:30 AM – 7:30 PM", SAT, null],
  },
  {
    name: "Chadderton Classic Cuts",
    address: "310 Middleton Road, Chadderton, Oldham OL9 9LB, UK",
    phone: "0161 496 0455",
    rating: 4.4,
    ratings: 203,
    lat: 53.546,
    lng: -2.141,
    hours: week(NINE_TO_SIX, "9:00 AM – 4:00 PM", null),
  },
  {
    name: "Lees Village Barber",
    address: "61 High Street, Lees, Oldham OL4 5AA, UK",
    phone: "0161 496 0518",
    rating: 4.9,
    ratings: 87,
    lat: 53.5375,
    lng: -2.074,
    hours: week("9:00 AM – 5:00 PM", "8:30 AM – 2:00 PM", null),
  },
  {
    name: "Uppermill Grooming Lounge",
    address: "18 High Street, Uppermill, Oldham OL3 6HR, UK",
    phone: "0161 496 0624",
    rating: 4.7,
    ratings: 174,
    lat: 53.548,
    lng: -2.0065,
    hours: week("10:00 AM – 7:00 PM", "9:00 AM – 5:00 PM", "10:00 AM – 3:00 PM"),
  },
  {
    name: "Failsworth Barber Co.",
    address: "402 Oldham Road, Failsworth, Manchester M35 0FH, UK",
    phone: "0161 496 0733",
    rating: 4.5,
    ratings: 261,
    lat: 53.5095,
    lng: -2.16,
    hours: week("8:30 AM – 6:00 PM", "8:00 AM – 5:00 PM", "10:00 AM – 2:00 PM"),
  },
  {
    name: "Hollinwood Cuts",
    address: "9 Manchester Road, Hollinwood, Oldham OL8 4LZ, UK",
    phone: "0161 496 0786",
    rating: 4.2,
    ratings: 58,
    lat: 53.519,
    lng: -2.143,
    hours: week(NINE_TO_SIX, SAT, null),
  },
  {
    name: "Springhead Barbershop",
    address: "120 Oldham Road, Springhead, Oldham OL4 4QJ, UK",
    phone: "0161 496 0812",
    rating: 4.8,
    ratings: 133,
    lat: 53.54,
    lng: -2.059,
    hours: [null, NINE_TO_SIX, NINE_TO_SIX, NINE_TO_SIX, "9:00 AM – 7:00 PM", SAT, null],
  },
  {
    name: "Delph Traditional Barbers",
    address: "3 King Street, Delph, Oldham OL3 5DL, UK",
    phone: "0161 496 0864",
    rating: 4.9,
    ratings: 41,
    lat: 53.567,
    lng: -2.023,
    hours: [null, null, "9:00 AM – 5:00 PM", "9:00 AM – 5:00 PM", "9:00 AM – 5:00 PM", "8:30 AM – 3:00 PM", null],
  },
  {
    name: "Werneth Sharp Lines",
    address: "45 Manchester Road, Werneth, Oldham OL9 7AP, UK",
    phone: "0161 496 0921",
    rating: 4.3,
    ratings: 412,
    lat: 53.5355,
    lng: -2.1275,
    hours: week("9:00 AM – 8:00 PM", "9:00 AM – 8:00 PM", "11:00 AM – 5:00 PM"),
  },
  {
    name: "Ashton Road Barbers",
    address: "210 Ashton Road, Oldham OL8 1LF, UK",
    phone: "0161 496 0978",
    rating: 4.6,
    ratings: 119,
    lat: 53.5295,
    lng: -2.107,
    hours: week(NINE_TO_SIX, SAT, "9:30 AM – 4:00 PM"),
  },
];

export interface DemoMember {
  name: string;
  bio: string;
  /** Services by category the member does not do; every other service they do. */
  skips: readonly string[];
  /** Per weekday (0 = Sunday): the working ranges, clipped to the shop's opening hours when seeded; none = day off. */
  week: (day: number) => Array<{ start: string; end: string }>;
}

/**
 * Three barbers with the patterns a real shop has, covering every day the shop opens:
 * one off on Mondays, one with a lunch break, one part-time.
 */
export const TEAM: readonly DemoMember[] = [
  {
    name: STYLISTS.imran,
    bio: "Fades and sharp line-ups; fifteen years behind the chair. Off on Mondays.",
    skips: [],
    week: (day) => (day === 1 ? [] : [{ start: "00:00", end: "23:59" }]),
  },
  {
    name: STYLISTS.danny,
    bio: "Classic cuts, hot towel shaves and beard work. Takes his lunch at one.",
    skips: [],
    week: (day) =>
      day === 0
        ? []
        : [
            { start: "00:00", end: "13:00" },
            { start: "14:00", end: "23:59" },
          ],
  },
  {
    name: STYLISTS.kelly,
    bio: "Scissor work and kids' cuts, Monday, Wednesday and Friday.",
    skips: ["facial"],
    week: (day) => ([1, 3, 5].includes(day) ? [{ start: "10:00", end: "16:00" }] : []),
  },
];
