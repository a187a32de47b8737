import { getCollection, getEntry, type CollectionEntry } from 'astro:content';
import type { Locale } from '../../locales/index.ts';

export type Brand = CollectionEntry<'brand'>['data'];
export type Picture = Brand['home']['image'];
export type SiteSettings = CollectionEntry<'settings'>['data'];

/** One locale's brand content (site/content/brand/<locale>.yaml). A missing file fails the build. */
export async function brandContent(locale: Locale): Promise<Brand> {
  const entry = await getEntry('brand', locale);
  if (entry === undefined) throw new Error(`site/content/brand/${locale}.yaml is missing`);
  return entry.data;
}

/** Contact values and the map (site/content/settings/site.yaml). */
export async function siteSettings(): Promise<SiteSettings> {
  const entry = await getEntry('settings', 'site');
  if (entry === undefined) throw new Error('site/content/settings/site.yaml is missing');
  return entry.data;
}

export interface PartnerLocation {
  id: string;
  kind: CollectionEntry<'partners'>['data']['kind'];
  lat: number;
  lng: number;
  name: string;
  address: string;
}

/** Partner locations in one locale, in the order the file lists them. */
export async function partnerLocations(locale: Locale): Promise<PartnerLocation[]> {
  return (await getCollection('partners')).map(({ id, data }) => ({
    id,
    kind: data.kind,
    lat: data.lat,
    lng: data.lng,
    name: data.name[locale],
    address: data.address[locale],
  }));
}

/** "tel:+886227000123" from "+886 2 2700 0123". */
export function telHref(phone: string): string {
  return `tel:${phone.trim().startsWith('+') ? '+' : ''}${phone.replace(/\D/g, '')}`;
}

/** "Picture {n} of {total}" with the numbers filled in. */
export function slideLabel(template: string, n: number, total: number): string {
  return template.replace('{n}', String(n)).replace('{total}', String(total));
}

/** The catalogue's products, in id order (the server writes them from the database before each build). */
export async function catalogProducts(): Promise<(CollectionEntry<'catalog'>['data'] & { id: string })[]> {
  return (await getCollection('catalog')).map(({ id, data }) => ({ id, ...data })).sort((a, b) => Number(a.id) - Number(b.id));
}
