/** The interface version every document and `/health.json` reports (interface.md, section 9). */
export const SERVICE_VERSION = '1.0.0';
