/** What the Revenue tab's forms accept, checked before anything is sent. */
/** Signed points with at most 4 decimals, as the corrections API reads them. */
export const signedPointsPattern = /^[-+]?\d{1,15}(\.\d{1,4})?$/;
/** Signed kilowatt-hours, 3 decimals at most. */
export const signedKwhPattern = /^[-+]?\d{1,12}(\.\d{1,3})?$/;
export const datePattern = /^\d{4}-\d{2}-\d{2}$/;
