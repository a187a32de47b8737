/**
 * The brand site's content collections (docs/decisions/008-brand-site.md, 022-published-brand-site.md).
 * What each holds is defined once, in site/content-schema.ts; this file says where the build reads it.
 *
 * - `brand`: one file per locale ({zhs,zht,eng}.yaml) with every visitor page's text and the pictures it
 *   shows (paths relative to the file).
 * - `settings`: contact values and the map (settings/site.yaml), the same in every locale.
 * - `partners`: partner locations shown on the map and in its list (partners.yaml).
 * - `catalog`: the products and prices brand pages show (catalog.yaml): the server writes the database's
 *   catalogue there before each build; the repository's file matches the seeded catalogue.
 *
 * The folder is the repository's seed (site/content) unless SITE_CONTENT_DIR names another: the server
 * writes the operators' content there before each preview or publish build. A wrong shape fails the
 * build with the field it names.
 */
import { defineCollection } from 'astro:content';
import { file, glob } from 'astro/loaders';
import { brandSchema, catalogProductSchema, partnerSchema, settingsSchema } from './content-schema.ts';

const contentDir = process.env.SITE_CONTENT_DIR ?? './site/content';

export const collections = {
  brand: defineCollection({
    loader: glob({ pattern: '*.yaml', base: `${contentDir}/brand` }),
    schema: ({ image }) => brandSchema(image),
  }),
  settings: defineCollection({
    loader: glob({ pattern: '*.yaml', base: `${contentDir}/settings` }),
    schema: settingsSchema,
  }),
  partners: defineCollection({
    loader: file(`${contentDir}/partners.yaml`),
    schema: partnerSchema,
  }),
  catalog: defineCollection({
    loader: file(`${contentDir}/catalog.yaml`),
    schema: catalogProductSchema,
  }),
};
