import { CatalogError } from '../errors.js';

// The officially assigned ISO 3166-1 alpha-2 codes (249, as in the tz database's iso3166.tab).
// Kept as one string because a 249-entry array literal would dwarf the rest of the file.
const ASSIGNED =
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN ' +
  'BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ ' +
  'DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL ' +
  'GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM ' +
  'JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME ' +
  'MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP ' +
  'NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD ' +
  'SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO ' +
  'TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW ';

const ISO_CODES: ReadonlySet<string> = new Set(ASSIGNED.trim().split(/\s+/));

/**
 * Every assigned ISO 3166-1 alpha-2 code, in alphabetical order.
 *
 * @example countryCodes().length // 249
 */
export function countryCodes(): readonly string[] {
  return [...ISO_CODES];
}

/** The shape of an ISO 3166-1 alpha-2 code as tool arguments accept it (upper case). */
export const COUNTRY_CODE_PATTERN = '^[A-Z]{2}$';

/**
 * Tells whether a string is an assigned ISO 3166-1 alpha-2 code. Case-sensitive: callers
 * normalise first (see {@link normalizeCountry}).
 *
 * @example isCountryCode('DE') // true
 * @example isCountryCode('UK') // false (the code of the United Kingdom is GB)
 */
export function isCountryCode(value: string): boolean {
  return ISO_CODES.has(value);
}

/**
 * Trims and upper-cases a country code and checks that it is an assigned ISO 3166-1 alpha-2 code.
 * `UK` gets a hint because it is the one wrong code shoppers type most.
 *
 * @throws {CatalogError} `UNKNOWN_COUNTRY` when the value is not an assigned code.
 * @example normalizeCountry(' us ') // 'US'
 */
export function normalizeCountry(value: string): string {
  const code = value.trim().toUpperCase();
  if (isCountryCode(code)) return code;
  const hint = code === 'UK' ? ' (the United Kingdom is GB)' : '';
  throw new CatalogError(
    'UNKNOWN_COUNTRY',
    `Unknown country "${value}"${hint}: use an ISO 3166-1 alpha-2 code such as US, GB or DE.`,
  );
}
