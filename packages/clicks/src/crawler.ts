import { isbot } from 'isbot';

/**
 * Whether a request's `User-Agent` is a crawler's, whose clicks are not counted: one `isbot`
 * recognises, or none at all (browsers always send one; a request without it is a script).
 *
 * @example isCrawler('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)') // true
 * @example isCrawler(undefined) // true
 */
export function isCrawler(userAgent: string | undefined): boolean {
  return userAgent === undefined || userAgent.trim() === '' || isbot(userAgent);
}
