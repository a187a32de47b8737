import type { SectionDetail, SiteBuild, SiteOverview, SiteRollback, SiteVersion } from '../../../../contract/api/site.ts';
import { adminRequest } from '../../shared/operator-session.ts';

/** How often a running build's progress is asked for. */
export const buildPollMs = 1_000;

export const loadOverview = async () => (await adminRequest<SiteOverview>('GET', '/site')).detail;
export const loadSection = async (section: string, locale: string) =>
  (await adminRequest<SectionDetail>('GET', `/site/sections/${section}/${locale}`)).detail;
/** The page travels as JSON text: the form body cannot say which values are numbers. */
export const saveSection = (section: string, locale: string, content: unknown) =>
  adminRequest<null>('PUT', `/site/sections/${section}/${locale}`, { content: JSON.stringify(content) });
export const startBuild = async (kind: 'preview' | 'publish') => (await adminRequest<SiteBuild>('POST', `/site/${kind}`)).detail;
export const loadBuild = async (id: number) => (await adminRequest<SiteBuild>('GET', `/site/builds/${id}`)).detail;
export const loadVersions = async () => (await adminRequest<SiteVersion[]>('GET', '/site/versions')).detail;
export const rollback = (id: number) => adminRequest<SiteRollback>('POST', `/site/versions/${id}/rollback`);
/** Lets this browser open preview pages (a cookie sent only to /preview). */
export const openPreviewAccess = () => adminRequest<null>('POST', '/site/preview-access');

/** A copy of `value` with the field at `path` replaced. */
export function withField(value: unknown, path: (string | number)[], next: unknown): unknown {
  if (path.length === 0) return next;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((item, index) => (index === head ? withField(item, rest, next) : item));
  const record = (value ?? {}) as Record<string, unknown>;
  return { ...record, [String(head)]: withField(record[String(head)], rest, next) };
}

/** The field at `path`, or undefined. */
export function fieldAt(value: unknown, path: (string | number)[]): unknown {
  return path.reduce<unknown>(
    (inner, key) => (inner !== null && typeof inner === 'object' ? (inner as Record<string, unknown>)[key] : undefined),
    value,
  );
}
