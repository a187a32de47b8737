import { z } from 'zod';
import { locales, type Locale } from '../../locales/index.ts';
import { brandSchema, partnerSchema, settingsSchema } from '../../site/content-schema.ts';
import { picturePathPattern } from '../uploads/upload-store.ts';

/**
 * The brand content as the server holds it (decision 022): one section per brand page and locale,
 * plus the site settings and the partner list, which are the same in every locale. Each section is
 * checked by the schema the Astro build uses (site/content-schema.ts).
 */

/** On the server a picture is its path; the build then checks the file and processes it. */
const brand = brandSchema(() => z.string().regex(picturePathPattern, 'Must be a picture of the brand site (../images/…)'));

export const brandPages = Object.keys(brand.shape) as BrandPage[];
export type BrandPage = keyof typeof brand.shape;

/** The locale value of the sections that are not per locale. */
export const everyLocale = 'all';
export type SectionLocale = Locale | typeof everyLocale;

const partnerList = z
  .array(partnerSchema.extend({ id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,60}$/) }))
  .min(1)
  .refine((list) => new Set(list.map((partner) => partner.id)).size === list.length, 'Every id must be unique');

export const sharedSections = { settings: settingsSchema, partners: partnerList } as const;
export type SharedSection = keyof typeof sharedSections;

export interface SectionRef {
  section: string;
  locale: string;
}

/** Every section an operator can edit, in the order the back office lists them. */
export function allSections(): { section: string; locale: SectionLocale }[] {
  return [
    ...brandPages.flatMap((section) => locales.map((locale) => ({ section, locale }))),
    ...Object.keys(sharedSections).map((section) => ({ section, locale: everyLocale as SectionLocale })),
  ];
}

export function isSection({ section, locale }: SectionRef): boolean {
  if ((brandPages as string[]).includes(section)) return (locales as readonly string[]).includes(locale);
  return section in sharedSections && locale === everyLocale;
}

export type SectionCheck = { ok: true; value: unknown } | { ok: false; errors: Record<string, string[]> };

/** Checks one section against the schema; a failure names each field at fault by its path ("sections.0.heading"). */
export function checkSection({ section }: SectionRef, value: unknown): SectionCheck {
  const schema = section in sharedSections ? sharedSections[section as SharedSection] : brand.shape[section as BrandPage];
  const result = schema.safeParse(value);
  if (result.success) return { ok: true, value: result.data };
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length === 0 ? section : issue.path.join('.');
    (errors[field] ??= []).push(issue.message);
  }
  return { ok: false, errors };
}

/** The whole site's content, as a build reads it. */
export interface SiteContent {
  brand: Record<Locale, Record<string, unknown>>;
  settings: unknown;
  partners: unknown;
  /** The catalogue as brand pages show it, read from the database when the build starts. */
  catalog: CatalogEntry[];
}

/** One product as site/content-schema.ts's catalogProductSchema holds it, with the file loader's id. */
export interface CatalogEntry {
  id: string;
  name: string;
  /** The name in each language, where the catalogue has one; `name` otherwise. */
  names?: Partial<Record<'zhs' | 'zht' | 'eng', string>>;
  price: string;
  quantity: number;
}

export function assembleContent(rows: readonly (SectionRef & { draft: unknown })[]): SiteContent {
  const content: SiteContent = {
    brand: Object.fromEntries(locales.map((locale) => [locale, {}])) as SiteContent['brand'],
    settings: null,
    partners: null,
    catalog: [],
  };
  for (const row of rows) {
    if (row.locale === everyLocale) {
      if (row.section === 'settings') content.settings = row.draft;
      if (row.section === 'partners') content.partners = row.draft;
    } else if ((locales as readonly string[]).includes(row.locale)) {
      content.brand[row.locale as Locale][row.section] = row.draft;
    }
  }
  return content;
}

/** One section's value in a whole content (undefined when it has none). */
export function sectionOf(content: SiteContent, { section, locale }: SectionRef): unknown {
  if (locale === everyLocale) return section === 'settings' ? content.settings : section === 'partners' ? content.partners : undefined;
  return (content.brand as Record<string, Record<string, unknown>>)[locale]?.[section];
}

/**
 * The pages and fields of a content that hold a value the build's error names (Astro names a missing picture by
 * its path, not by the page that shows it): "home (zht): image.src".
 */
export function fieldsNamedBy(content: SiteContent, message: string): string[] {
  const quoted = new Set([...message.matchAll(/[`'"]([^`'"\s]{3,200})[`'"]/g)].map((match) => match[1] ?? ''));
  const found: string[] = [];
  const walk = (value: unknown, where: string, path: string[]) => {
    if (typeof value === 'string' && quoted.has(value)) found.push(`${where}: ${path.join('.')}`);
    else if (value !== null && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) walk(inner, where, [...path, key]);
    }
  };
  for (const locale of locales) {
    for (const [section, value] of Object.entries(content.brand[locale] ?? {})) walk(value, `${section} (${locale})`, []);
  }
  walk(content.settings, 'settings', []);
  walk(content.partners, 'partners', []);
  return found;
}
