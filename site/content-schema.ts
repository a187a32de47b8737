/**
 * What the brand site's content holds: the one definition, used by the Astro build
 * (site/content.config.ts) and by the server, which refuses an operator's edit that breaks it
 * (docs/decisions/022-published-brand-site.md). Only zod here: the server imports this file.
 *
 * Pictures are declared by the caller's `image` schema: Astro's `image()` at build time (the
 * file must exist and is processed), a plain path where the server checks an edit.
 */
import { z } from 'zod';

const text = z.string().trim().min(1);
const paragraphs = z.array(text).min(1);

const page = { title: text, description: text.max(200), heading: text };

export function brandSchema<Image extends z.ZodType>(image: () => Image) {
  const picture = z.object({ src: image(), alt: text });
  const article = z.object({ ...page, sections: z.array(z.object({ heading: text.optional(), paragraphs })).min(1) });
  const banner = z.object({ title: text, body: text, image: picture });
  return z.object({
    ui: z.object({
      moreHeading: text,
      carouselLabel: text,
      /** "{n}" and "{total}" are replaced: "Picture {n} of {total}". */
      slideLabel: text.includes('{n}'),
      carouselHint: text,
      carouselPrevious: text,
      carouselNext: text,
      playAnimation: text,
      openImage: text,
      closeImage: text,
      mapLabel: text,
      mapLoading: text,
      mapTilesFailed: text,
      mapLocate: text,
      mapLocateFailed: text,
      mapYouAreHere: text,
      mapZoomIn: text,
      mapZoomOut: text,
      partnerKinds: z.object({ store: text, cinema: text, 'engine-room': text, service: text }),
      partnerListHeading: text,
      riskHeading: text,
      riskNotice: text,
    }),
    home: z.object({ ...page, paragraphs, button: text, image: picture }),
    shopping: z.object({
      ...page,
      summary: text,
      slides: z.array(picture).min(2),
      featuresHeading: text,
      features: z.array(z.object({ title: text, body: text, image: picture })).min(1),
      video: z.object({ heading: text, label: text, caption: text }),
      price: text,
      /** The catalogue's product and price, from the database at build time: "{name}: {price} points". */
      catalogPrice: text.includes('{price}'),
    }),
    fun: z.object({
      ...page,
      intro: text,
      store: banner.extend({ poster: picture }),
      iot: banner.extend({ poster: picture }),
      entertainment: banner,
      cooperateLink: text,
    }),
    cooperate: z.object({ ...page, intro: text }),
    about: z.object({ ...page, paragraphs, galleryHeading: text, gallery: z.array(picture).length(15) }),
    service: z.object({
      ...page,
      intro: text,
      phoneLabel: text,
      phoneHint: text,
      chatLabel: text,
      chatHint: text,
      hours: text,
      contactLink: text,
    }),
    contact: z.object({
      ...page,
      intro: text,
      channels: z.record(z.enum(['telegram', 'whatsapp', 'facebook', 'twitter', 'phone']), text),
    }),
    instruction: z.object({ ...page, intro: paragraphs, directionsHeading: text, directions: z.array(text).length(9) }),
    warning: z.object({ ...page, paragraphs, rules: z.array(text).min(1) }),
    prevention: z.object({
      ...page,
      intro: text,
      labels: z.object({ cases: text, steps: text, notices: text }),
      types: z.array(z.object({ title: text, summary: text, cases: paragraphs, steps: paragraphs, notices: paragraphs })).min(3),
    }),
    empty: z.object({ ...page, body: text, fallbackLink: text }),
    terms: article,
    bitex: article,
    vrb: article,
    question: z.object({ ...page, intro: text, items: z.array(z.object({ question: text, answer: paragraphs })).min(3) }),
  });
}

export const settingsSchema = z.object({
  contact: z.object({
    /** Shown as written; the tel: link is made from its digits and a leading +. */
    phone: text.regex(/^\+?[\d\s()-]{6,20}$/),
    chatUrl: z.url(),
    telegram: z.url(),
    whatsapp: z.url(),
    facebook: z.url(),
    twitter: z.url(),
  }),
  map: z.object({
    center: z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) }),
    zoom: z.number().int().min(1).max(19),
    tileUrl: text.includes('{z}'),
    attribution: text,
  }),
});

export const partnerSchema = z.object({
  kind: z.enum(['store', 'cinema', 'engine-room', 'service']),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  name: z.object({ zhs: text, zht: text, eng: text }),
  address: z.object({ zhs: text, zht: text, eng: text }),
});

/** A catalogue product as brand pages show it: written by the server from the database before each build. */
export const catalogProductSchema = z.object({
  name: text,
  /** The name in each language, where the catalogue has one (a Chinese page otherwise shows the stored name). */
  names: z.object({ zhs: text.optional(), zht: text.optional(), eng: text.optional() }).optional(),
  /** Points, as decimal text (money never passes through a float). */
  price: z.string().regex(/^\d+(\.\d{1,4})?$/),
  quantity: z.number().int().min(0),
});
