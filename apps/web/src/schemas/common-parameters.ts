/**
 * Parameters that links pick up on the way (campaign tags, ad-click ids, referrers): no page reads
 * them and none calls them unknown, since the visitor did not write them. `*` ends a prefix.
 * `ref` is here because link sites and newsletters add it as often as `utm_source`.
 */
export const TRACKING_PARAMETERS = [
  'utm_*',
  'fbclid',
  'gclid',
  'gbraid',
  'wbraid',
  'dclid',
  'msclkid',
  'yclid',
  'ttclid',
  'twclid',
  'li_fat_id',
  'igshid',
  'mc_cid',
  'mc_eid',
  '_ga',
  '_gl',
  'ref',
] as const;

const exact = new Set<string>(TRACKING_PARAMETERS.filter((p) => !p.endsWith('*')));
const prefixes = TRACKING_PARAMETERS.filter((p) => p.endsWith('*')).map((p) => p.slice(0, -1));

/**
 * Whether a query parameter is one of {@link TRACKING_PARAMETERS} (in any letter case).
 *
 * @example isTrackingParameter('utm_campaign') // true
 * @example isTrackingParameter('weight') // false
 */
export function isTrackingParameter(name: string): boolean {
  const lower = name.toLowerCase();
  return exact.has(lower) || prefixes.some((prefix) => lower.startsWith(prefix));
}
