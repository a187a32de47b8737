/**
 * The new-work alert settings as their route schemas declare them (server/alerts/alerts.schemas.ts): the back office's
 * alert settings read these types, never a copy written by hand (decision 068).
 */
import type { Static } from 'typebox';
import type { alertSettingsSavedSchema, alertSettingsSchema, alertTestResultSchema } from '../../server/alerts/alerts.schemas.ts';

/** GET admin/v1/alerts: the addresses, their languages and the webhook. */
export type AlertSettings = Static<typeof alertSettingsSchema>;
/** PUT admin/v1/alerts: the settings saved, with the new signing secret in the answer that made it. */
export type AlertSettingsSaved = Static<typeof alertSettingsSavedSchema>;
/** POST admin/v1/alerts/test: what each channel did with one test. */
export type AlertTestResult = Static<typeof alertTestResultSchema>;
