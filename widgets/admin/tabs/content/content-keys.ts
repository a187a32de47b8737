import type { RefusalCode } from '../../../../contract/refusals.ts';
import type { Translate } from '../../../core/i18n.ts';

/**
 * What the brand-site screens say, apart from the screens themselves: the back office loads those only
 * when the tab opens, while the page picks these messages at build time.
 */
export const siteRefusals = [
  'validation',
  'site_section_not_found',
  'site_content_invalid',
  'site_build_running',
  'site_build_not_found',
  'site_version_not_found',
  'image_unsupported',
  'image_too_large',
  'image_damaged',
  'image_empty',
  'image_too_many_pixels',
  'session_expired',
] as const satisfies readonly RefusalCode[];

/** The brand site's sections (server/site/site-content.ts), each named for operators rather than by its key. */
export const siteSectionNames = [
  'ui',
  'home',
  'shopping',
  'fun',
  'cooperate',
  'about',
  'service',
  'contact',
  'instruction',
  'warning',
  'prevention',
  'empty',
  'terms',
  'bitex',
  'vrb',
  'question',
  'settings',
  'partners',
] as const;

/** Field names the page form says in the operator's language; any other is spelt out from its key (siteFieldLabel). */
export const siteFieldNames = [
  'title',
  'heading',
  'body',
  'description',
  'button',
  'image',
  'alt',
  'src',
  'paragraphs',
  'items',
  'sections',
  'caption',
  'name',
  'label',
  'steps',
  'question',
  'answer',
  'summary',
  'intro',
  'address',
  'hours',
  'phone',
  'slides',
  'features',
  'gallery',
  'video',
  'poster',
  'rules',
  'cases',
  'notices',
  'channels',
  'types',
  'price',
] as const;

/** The message of a key, or `fallback` where the catalogue has none (`t` answers such a key with itself). */
function messageOr(t: Translate, key: string, fallback: string): string {
  const message = t(key);
  return message === key ? fallback : message;
}

/** A section by what it is to an operator; a section this screen does not know yet by its key. */
export function siteSectionName(t: Translate, section: string): string {
  return messageOr(t, `admin_site_section_${section}`, section);
}

/**
 * A field of a page's form by its place: "Paragraphs › 2" for `paragraphs.1`, each name in the
 * operator's language where there is one, else its key spelt out ("carouselHint" is "Carousel hint").
 */
export function siteFieldLabel(t: Translate, path: readonly (string | number)[]): string {
  return path
    .map((part) => {
      if (typeof part === 'number') return String(part + 1);
      const words = part
        .replace(/([a-z])([A-Z])/g, '$1 $2')
        .replace(/[-_]/g, ' ')
        .toLowerCase();
      return messageOr(t, `admin_site_field_${part}`, words.charAt(0).toUpperCase() + words.slice(1));
    })
    .join(' › ');
}
