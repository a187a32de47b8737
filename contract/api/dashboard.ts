/**
 * The back office's overview answers as their route schemas declare them (server/dashboard/dashboard.schemas.ts): the
 * dashboard tab and the work counts beside every tab read these types, never a copy written by hand (decision 068).
 */
import type { Static } from 'typebox';
import type { dashboardSchema, workCountsSchema } from '../../server/dashboard/dashboard.schemas.ts';

/** GET admin/v1/dashboard: queues, machines, today's and yesterday's distribution, the setup checklist. */
export type DashboardData = Static<typeof dashboardSchema>;
/** GET admin/v1/work-counts: the work waiting in each queue. */
export type WorkCounts = Static<typeof workCountsSchema>;
