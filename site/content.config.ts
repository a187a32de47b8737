/**
 * The brand site's content, seeded and edited by operators (docs/decisions/008-brand-site.md):
 *
 * - `brand`: one YAML file per locale (site/content/brand/{zhs,zht,eng}.yaml) with every visitor page's text
 *   and the pictures it shows (paths relative to the file, drawn by scripts/brand-art.ts or replaced by photos).
 * - `settings`: contact values and the map (site/content/settings/site.yaml), the same in every locale.
 * - `partners`: partner locations shown on the map and in its list (site/content/partners.yaml).
 *
 * Edit the files and rebuild; a wrong shape fails the build with the field it names.
 */
import { defineCollection } from 'astro:content';
import { file, glob } from 'astro/loaders';
import { z } from 'astro/zod';

const text = z.string().trim().min(1);
const paragraphs = z.array(text).min(1);

const page = { title: text, description: text.max(200), heading: text };

export const collections = {
  brand: defineCollection({
    loader: glob({ pattern: '*.yaml', base: './site/content/brand' }),
    schema: ({ image }) => {
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
    },
  }),
  settings: defineCollection({
    loader: glob({ pattern: '*.yaml', base: './site/content/settings' }),
    schema: z.object({
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
    }),
  }),
  partners: defineCollection({
    loader: file('./site/content/partners.yaml'),
    schema: z.object({
      kind: z.enum(['store', 'cinema', 'engine-room', 'service']),
      lat: z.number().min(-90).max(90),
      lng: z.number().min(-180).max(180),
      name: z.object({ zhs: text, zht: text, eng: text }),
      address: z.object({ zhs: text, zht: text, eng: text }),
    }),
  }),
};
