import { describe, expect, it } from 'vitest';
import { catalogDownloadUrl, isFetchableUrl, shownUrl } from '../../src/remote/sheet-link.js';

const ID = '1AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-AbCd';
const PUB = '2PACX-1vQ3xYzAbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-';
const EXPORT = `https://docs.google.com/spreadsheets/d/${ID}/export?format=xlsx`;
const PUBLISHED = `https://docs.google.com/spreadsheets/d/e/${PUB}/pub?output=xlsx`;

describe('catalogDownloadUrl', () => {
  it.each([
    `https://docs.google.com/spreadsheets/d/${ID}/edit`,
    `https://docs.google.com/spreadsheets/d/${ID}/edit#gid=123`,
    `https://docs.google.com/spreadsheets/d/${ID}/edit?usp=sharing`,
    `https://docs.google.com/spreadsheets/d/${ID}/edit?gid=0#gid=0`,
    `https://docs.google.com/spreadsheets/d/${ID}/view`,
    `https://docs.google.com/spreadsheets/d/${ID}`,
    `https://docs.google.com/spreadsheets/d/${ID}/`,
    `https://docs.google.com/spreadsheets/u/0/d/${ID}/edit`,
    `https://docs.google.com/spreadsheets/u/1/d/${ID}/htmlview`,
    `https://docs.google.com/spreadsheets/d/${ID}/htmlview#gid=7`,
    `https://docs.google.com/spreadsheets/d/${ID}/copy`,
    // One tab as CSV drops the others and the links behind labels: the whole workbook instead.
    `https://docs.google.com/spreadsheets/d/${ID}/export?format=csv&gid=5`,
    `https://sheets.google.com/spreadsheets/d/${ID}/edit`,
    `http://docs.google.com/spreadsheets/d/${ID}/edit`,
    `https://DOCS.GOOGLE.COM/spreadsheets/d/${ID}/edit`,
  ])('turns the share link %s into the whole-workbook .xlsx export', (link) => {
    expect(catalogDownloadUrl(link).href).toBe(EXPORT);
  });

  it.each([
    `https://docs.google.com/spreadsheets/d/e/${PUB}/pubhtml`,
    `https://docs.google.com/spreadsheets/d/e/${PUB}/pubhtml?gid=0&single=true`,
    `https://docs.google.com/spreadsheets/d/e/${PUB}/pub?output=csv`,
    `https://docs.google.com/spreadsheets/d/e/${PUB}/pub?gid=0&single=true&output=csv`,
    `https://docs.google.com/spreadsheets/u/0/d/e/${PUB}/pubhtml`,
  ])('turns the published link %s into pub?output=xlsx', (link) => {
    expect(catalogDownloadUrl(link).href).toBe(PUBLISHED);
  });

  it('takes a URL object as well as a string', () => {
    expect(
      catalogDownloadUrl(new URL(`https://docs.google.com/spreadsheets/d/${ID}/edit`)).href,
    ).toBe(EXPORT);
  });

  it.each([
    'https://example.com/catalog.xlsx',
    'https://example.com/spreadsheets/d/1AbCdEfGhIjKlMnOp/edit',
    'https://raw.githubusercontent.com/me/finds/main/catalog.csv?token=abc',
    'http://127.0.0.1:8080/sheet.xlsx',
    // Google, but not a sheet: downloaded as it is.
    'https://docs.google.com/document/d/1AbCdEfGhIjKlMnOpQrStUv/edit',
    'https://drive.google.com/uc?export=download&id=1AbCdEfGhIjKlMnOpQrStUv',
    // A sheet id shorter than any real one is not taken for one.
    'https://docs.google.com/spreadsheets/d/short/edit',
    // Another host that only ends like Google's.
    'https://docs.google.com.evil.example/spreadsheets/d/1AbCdEfGhIjKlMnOpQrStUv/edit',
  ])('leaves %s as it is', (link) => {
    expect(catalogDownloadUrl(link).href).toBe(new URL(link).href);
  });

  it('throws on a string that is not a URL', () => {
    expect(() => catalogDownloadUrl('docs.google.com/spreadsheets/d/x/edit')).toThrow(TypeError);
  });
});

describe('isFetchableUrl', () => {
  it.each([
    ['https://docs.google.com/spreadsheets/d/x/export', true],
    ['https://example.com:8443/catalog.csv', true],
    ['http://127.0.0.1:8080/sheet.xlsx', true],
    ['http://127.1.2.3/sheet.xlsx', true],
    ['http://localhost:3000/sheet.xlsx', true],
    ['http://LOCALHOST/sheet.xlsx', true],
    ['http://[::1]:8080/sheet.xlsx', true],
    ['http://example.com/sheet.xlsx', false],
    ['http://10.0.0.1/sheet.xlsx', false],
    ['http://192.168.1.10/sheet.xlsx', false],
    ['http://0.0.0.0:8080/sheet.xlsx', false],
    ['http://[::ffff:7f00:1]/sheet.xlsx', false],
    ['http://localhost.evil.example/sheet.xlsx', false],
    ['http://127.0.0.1.nip.io/sheet.xlsx', false],
    ['ftp://127.0.0.1/sheet.xlsx', false],
    ['file:///etc/passwd', false],
    ['data:text/csv,title%0Ax', false],
    ['ws://localhost/sheet', false],
  ])('%s: %s', (link, fetchable) => {
    expect(isFetchableUrl(new URL(link))).toBe(fetchable);
  });
});

describe('shownUrl', () => {
  it.each([
    [
      `https://docs.google.com/spreadsheets/d/${ID}/edit?usp=sharing#gid=0`,
      'https://docs.google.com/…',
    ],
    [`https://docs.google.com/spreadsheets/d/e/${PUB}/pubhtml`, 'https://docs.google.com/…'],
    ['https://files.example.com:8443/a/b.csv?token=s3cr3t', 'https://files.example.com:8443/…'],
    ['https://user:pa55@files.example.com/secret.csv', 'https://files.example.com/…'],
    ['http://127.0.0.1:8080/private/sheet.xlsx', 'http://127.0.0.1:8080/…'],
  ])('shows %s as %s', (link, shown) => {
    expect(shownUrl(link)).toBe(shown);
    expect(shownUrl(new URL(link))).toBe(shown);
  });

  it('shows no path, query, fragment or credentials', () => {
    const shown = shownUrl(`https://u:p@docs.google.com/spreadsheets/d/${ID}/edit?k=v#gid=1`);
    for (const secret of [ID, 'spreadsheets', 'edit', 'k=v', 'gid', 'u:p']) {
      expect(shown).not.toContain(secret);
    }
  });

  it('names an unparsable link without quoting it', () => {
    expect(shownUrl('not a url /secret/path')).toBe('the catalog link');
  });
});
